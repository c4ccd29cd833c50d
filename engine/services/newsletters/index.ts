// The door of engine/services/newsletters/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export * from './ads';
export * from './campaigns';
export * from './items';
export { configureNewsletters, type NewsletterOptions, newsletterRuntime, UNSUBSCRIBE_PATH } from './options';
export * from './sending';
export { optionalInt, PERMS } from './shared';
export * from './templates';
export { confirmPage, messagePage, multipartFields, PAGE_HEADERS, urlencodedFields } from './unsubscribe-page';
