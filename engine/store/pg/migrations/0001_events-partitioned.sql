-- The event store (pg/schema-events.ts) on PostgreSQL. `events` and `event_rollups` are partitioned
-- by day (declarative RANGE partitioning on the YYYY-MM-DD `day` column), so retention drops whole
-- partitions and a day's scans touch one table. drizzle-kit cannot write partitioned tables, which
-- is why these tables are created here and left out of pg/drizzle.config.ts.
--
-- Each partitioned table has a DEFAULT partition, so an insert for a day whose partition does not
-- exist yet is kept, never refused; masthead_ensure_day_partitions() (run by `masthead db
-- partitions` and before each day) creates the day partitions ahead and moves any rows the
-- default partition holds for those days into them.
CREATE SEQUENCE "events_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint DEFAULT nextval('events_id_seq') NOT NULL,
	"tenant_key" text NOT NULL,
	"day" text NOT NULL,
	"at" bigint NOT NULL,
	"type" text NOT NULL,
	"visitor" text NOT NULL,
	"site_user_id" bigint,
	"net" text,
	"content_id" bigint,
	"section_id" bigint,
	"company_id" bigint,
	"newsletter_id" bigint,
	"page_id" text,
	"target" text,
	"data" text NOT NULL,
	CONSTRAINT "events_id_day_pk" PRIMARY KEY("id","day")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
ALTER SEQUENCE "events_id_seq" OWNED BY "events"."id";
--> statement-breakpoint
CREATE INDEX "events_tenant_day" ON "events" USING btree ("tenant_key","day");
--> statement-breakpoint
CREATE TABLE "events_default" PARTITION OF "events" DEFAULT;
--> statement-breakpoint
CREATE TABLE "event_rollups" (
	"tenant_key" text NOT NULL,
	"grain" text NOT NULL,
	"bucket" text NOT NULL,
	"day" text NOT NULL,
	"type" text NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"events" bigint NOT NULL,
	"visitors" bigint NOT NULL,
	CONSTRAINT "event_rollups_tenant_key_grain_bucket_type_dim_key_day_pk" PRIMARY KEY("tenant_key","grain","bucket","type","dim","key","day")
) PARTITION BY RANGE ("day");
--> statement-breakpoint
CREATE INDEX "event_rollups_tenant_day" ON "event_rollups" USING btree ("tenant_key","day");
--> statement-breakpoint
CREATE TABLE "event_rollups_default" PARTITION OF "event_rollups" DEFAULT;
--> statement-breakpoint
CREATE TABLE "event_salts" (
	"day" text PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_drops" (
	"tenant_key" text NOT NULL,
	"day" text NOT NULL,
	"reason" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "event_drops_tenant_key_day_reason_pk" PRIMARY KEY("tenant_key","day","reason")
);
--> statement-breakpoint
CREATE TABLE "event_rollup_state" (
	"tenant_key" text PRIMARY KEY NOT NULL,
	"last_event_id" bigint DEFAULT 0 NOT NULL,
	"rolled_at" bigint
);
--> statement-breakpoint
-- Raw events are append-only (as the SQLite trigger events_append_only): retention deletes, nothing updates.
CREATE FUNCTION "masthead_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "events_append_only" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "masthead_events_append_only"();
--> statement-breakpoint
-- Creates the day partitions of `tbl` (events or event_rollups) for `days` days from `first_day`,
-- skipping days that have one, moving rows the default partition holds for a new day into it. A
-- new partition gets the parent's row-level security (a partition queried by name is a table of its
-- own, and the parent's policies do not apply to it). Returns the names of the partitions created.
CREATE FUNCTION "masthead_ensure_day_partitions"(tbl text, first_day date, days integer)
RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  d date;
  part text;
  pol record;
BEGIN
  IF tbl NOT IN ('events', 'event_rollups') THEN
    RAISE EXCEPTION 'masthead_ensure_day_partitions: % is not partitioned by day', tbl;
  END IF;
  IF days < 1 OR days > 366 THEN
    RAISE EXCEPTION 'masthead_ensure_day_partitions: days must be between 1 and 366, not %', days;
  END IF;
  FOR i IN 0 .. days - 1 LOOP
    d := first_day + i;
    part := tbl || '_p' || to_char(d, 'YYYYMMDD');
    CONTINUE WHEN to_regclass(quote_ident(part)) IS NOT NULL;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', part, tbl);
    EXECUTE format('WITH moved AS (DELETE FROM %I WHERE day = %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
      tbl || '_default', to_char(d, 'YYYY-MM-DD'), part);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
      tbl, part, to_char(d, 'YYYY-MM-DD'), to_char(d + 1, 'YYYY-MM-DD'));
    IF (SELECT relrowsecurity FROM pg_class WHERE oid = tbl::regclass) THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', part);
      EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', part);
      FOR pol IN SELECT policyname, qual, with_check FROM pg_policies WHERE schemaname = current_schema() AND tablename = tbl LOOP
        EXECUTE format('CREATE POLICY %I ON %I USING (%s) WITH CHECK (%s)', pol.policyname, part, pol.qual, coalesce(pol.with_check, pol.qual));
      END LOOP;
    END IF;
    RETURN NEXT part;
  END LOOP;
END;
$$;
