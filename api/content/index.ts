// The door of api/content/: what other API domains, the API's top level and cli/ may use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal.
export { checkOwnedReferences, checkReferences, contentInputOf, patchChange, patchContentIn, pathOf, withPublishDate } from './operations';
export { contentResolvers } from './resolvers';
