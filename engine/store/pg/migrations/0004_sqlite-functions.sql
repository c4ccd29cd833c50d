-- SQLite functions the store's shared SQL uses, defined in PostgreSQL with SQLite's meaning, so a
-- statement drizzle's SQLite dialect builds (column defaults included) runs on either database
-- (pg/sqlite-wire.ts). Only what the store modules use that PostgreSQL lacks is here.
CREATE OR REPLACE FUNCTION unixepoch(modifier text) RETURNS double precision LANGUAGE sql VOLATILE AS $$
  SELECT CASE WHEN modifier IN ('subsec', 'subsecond') THEN extract(epoch from clock_timestamp())::double precision
              ELSE floor(extract(epoch from clock_timestamp()))::double precision END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION unixepoch() RETURNS bigint LANGUAGE sql VOLATILE AS $$
  SELECT floor(extract(epoch from clock_timestamp()))::bigint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ifnull(a anyelement, b anyelement) RETURNS anyelement LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(a, b)
$$;
