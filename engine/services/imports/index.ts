// The door of engine/services/imports/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { IMPORT_KINDS, type ImportKind, prepareExport } from './detect';
export { runningImport, startImportJob } from './runner';
export { jobView, listView } from './view';
