// The door of engine/services/magazine/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export * from './issues';
export * from './publications';
export * from './sections';
export { PERMS } from './shared';
