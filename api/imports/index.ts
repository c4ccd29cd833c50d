// The door of api/imports/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { registerImportRoutes } from './route';
export type { ImportRouteOptions } from './route';
