// The door of engine/services/auth/: staff sign-in, sessions and the one-time tokens, for api/,
// cli/ and other service domains (lint: masthead/domain-doors). Everything else in this folder is
// internal; no HTTP or GraphQL here (the cookies and the GraphQL resolvers stay in api/auth/).
export {
  changeOwnCmsUserPassword, createUserToken, loginCmsUser, logoutCmsUser, refreshCmsUserToken,
  requestResetCmsUserPassword, resetCmsUserPassword, validateCmsUserInvite,
} from './operations';
export { staffPassword, strong } from './password-policy';
export { actorOf, type BearerSession, issueTokens, isRole, permissionsOf, sessionFromBearer, type TokenPair } from './sessions';
export { COOKIES, digest, looksLikeToken, newToken, type TokenKind } from './tokens';
