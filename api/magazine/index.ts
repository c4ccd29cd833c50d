// The door of api/magazine/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { registerIndesignRoute } from './indesign-route';
export { magazineResolvers } from './resolvers';
