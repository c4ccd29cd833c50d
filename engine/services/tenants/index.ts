// The door of engine/services/tenants/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { copyBrandConfiguration } from './brand-copy';
export { migrateSiteSettings } from './migrate-settings';
export { updateHeaderCta, updateSiteSettings } from './operations';
