// The door of api/assistant/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { assistantResolvers } from './resolvers';
