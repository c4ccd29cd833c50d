-- Work acting for every tenant (engine/store/tenant-scope.ts allTenants: the setting '*', which is
-- no tenant key, made only by the engine for a listed reason) is accepted by every tenant policy,
-- for reads and writes (pg/tenancy.ts ALL_TENANTS_CONDITION). Every existing tenant policy gets the
-- clause, day partitions created so far included; masthead_ensure_day_partitions copies the
-- parent's policy, so later partitions get it too.
DO $$
DECLARE
  pol record;
BEGIN
  FOR pol IN SELECT tablename, policyname, qual, with_check FROM pg_policies
      WHERE schemaname = current_schema() AND policyname LIKE '%\_tenant' LOOP
    EXECUTE format('ALTER POLICY %I ON %I USING ((current_setting(''masthead.tenant'', true) = ''*'') OR (%s)) WITH CHECK ((current_setting(''masthead.tenant'', true) = ''*'') OR (%s))',
      pol.policyname, pol.tablename, pol.qual, coalesce(pol.with_check, pol.qual));
  END LOOP;
END;
$$;
