-- Event retention by partition (issue 40): raw events of days past the retention are dropped a
-- day partition at a time (DETACH, then DROP), not deleted row by row, so the ingestion path does
-- not wait behind a large DELETE. The app's role may not run DDL: like
-- masthead_ensure_day_partitions, this runs with its owner's rights (SECURITY DEFINER), and it
-- only drops day partitions of the events table (events_pYYYYMMDD) before the given day.
-- Rollups are kept. Returns each partition dropped with the rows it held.
CREATE FUNCTION "masthead_drop_event_partitions"(before_day date)
RETURNS TABLE(name text, rows bigint) LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  part record;
BEGIN
  FOR part IN
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'events'::regclass AND c.relname ~ '^events_p[0-9]{8}$'
      AND to_date(substr(c.relname, 9), 'YYYYMMDD') < before_day
    ORDER BY c.relname
  LOOP
    EXECUTE format('ALTER TABLE events DETACH PARTITION %I', part.name);
    name := part.name;
    EXECUTE format('SELECT count(*) FROM %I', part.name) INTO rows;
    EXECUTE format('DROP TABLE %I', part.name);
    RETURN NEXT;
  END LOOP;
END $$;
