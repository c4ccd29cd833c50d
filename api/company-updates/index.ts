// The door of api/company-updates/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { companyUpdateResolvers } from './resolvers';
export { registerCompanyUpdateRoutes } from './routes';
