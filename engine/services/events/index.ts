// The door of engine/services/events/: what api/, cli/ and other service domains use of it
// (lint: masthead/domain-doors). Everything else in this folder is internal; no HTTP or GraphQL here.
export { configureEvents, type EventIngestor, type EventOptions, eventsOf, EXCESS_REASONS, type IngestResult } from './ingest';
export { analyticsConsent, VISITOR_COOKIE } from './visitor';
