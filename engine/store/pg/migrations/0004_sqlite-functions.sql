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
--> statement-breakpoint
-- SQLite's total(): the sum as a float, 0.0 over no rows.
CREATE AGGREGATE total(double precision) (SFUNC = float8pl, STYPE = double precision, INITCOND = '0');
--> statement-breakpoint
-- json_extract(json, '$.a.b') for object paths, as text.
CREATE OR REPLACE FUNCTION json_extract(doc jsonb, path text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT doc #>> string_to_array(substr(path, 3), '.')
$$;
