// The door of engine/services/crawlers/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { CrawlerVerifier, type CrawlerVerifierOptions, plainAddress } from './verify';
