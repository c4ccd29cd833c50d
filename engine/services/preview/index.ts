// The door of engine/services/preview/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { renderDraftPage } from './draft-page';
export { checkPreview, PREVIEW_LINK_TTL_MS, PREVIEW_PREFIX, previewPath } from './links';
