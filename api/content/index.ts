// The door of api/content/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { contentResolvers } from './resolvers';
