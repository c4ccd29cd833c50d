-- The app's role creates the day partitions an event append or a rollup needs (issue #23): it may
-- not run DDL, so masthead_ensure_day_partitions runs with its owner's rights (SECURITY DEFINER).
-- It only creates the fixed tables' day partitions (validated arguments), so that is all it grants.
-- The search path is pinned, as for any SECURITY DEFINER function.
ALTER FUNCTION "masthead_ensure_day_partitions"(text, date, integer) SECURITY DEFINER SET search_path = public;
