// The door of api/system/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; the work is
// engine/services/system.
export { registerIpTestRoute } from './ip-test';
export { systemResolvers } from './resolvers';
export { registerThemeTestRoute } from './theme-test';
