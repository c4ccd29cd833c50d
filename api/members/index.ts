// The door of api/members/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { registerCommentSsoRoute } from './comment-sso';
export { registerGatedDocumentRoute } from './document-route';
export { memberResolvers } from './resolvers';
export { memberOf } from './session';
export { registerMemberRoutes } from './simulate';
