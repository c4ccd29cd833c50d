// The door of engine/services/dashboard/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { getDashboard } from './operations';
