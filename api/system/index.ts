// The door of api/system/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { recordFolders } from './disk-use';
export { registerIpTestRoute } from './ip-test';
export { recordJobs } from './jobs';
export { systemResolvers } from './resolvers';
export { registerThemeTestRoute } from './theme-test';
