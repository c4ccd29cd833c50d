// The door of api/syndication/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { syndicationResolvers } from './resolvers';
