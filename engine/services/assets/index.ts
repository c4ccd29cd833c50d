// The door of engine/services/assets/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export * from './operations';
