// The door of api/documents/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { loadDocuments, sha256 } from './registry';
export type { DocumentRegistry } from './registry';
