// The door of api/cms-users/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { cmsUserResolvers } from './resolvers';
// cli/commands/user.ts: creating staff and setting a password from the terminal.
