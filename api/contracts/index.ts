// The door of api/contracts/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { contractResolvers } from './resolvers';
export { registerContractRoutes } from './routes';
