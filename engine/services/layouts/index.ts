// The door of engine/services/layouts/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export * from './operations';
export { contentIdIn, type MagazinePage, normalizePath, type ResolvedPage, resolvePage } from './page';
export { updateLayoutScheduleOptions } from './schedule-options';
