// Column types the PostgreSQL schema shares: bytea (Buffer), tsvector, and the epoch-ms default.
import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** Epoch milliseconds now, as SQLite's `unixepoch('subsec') * 1000` gives them. */
export const now = sql`((extract(epoch from clock_timestamp()) * 1000)::bigint)`;

export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/** A full-text search document; written by PostgreSQL (a generated column), never by the app. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});
