-- cms_user_tenants lists which tenants an installation-wide staff account may work in; it is read
-- to resolve a staff session before (and regardless of) the tenant a request names, so it is a
-- global table (pg/tenancy.ts GLOBAL_TABLES), like cms_users itself.
DROP POLICY IF EXISTS "cms_user_tenants_tenant" ON "cms_user_tenants";--> statement-breakpoint
ALTER TABLE "cms_user_tenants" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cms_user_tenants" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- history rows without a tenant (staff account changes) are written while acting for any tenant or
-- none, and read only while acting for none (pg/tenancy.ts INSTALLATION_ROWS).
DROP POLICY IF EXISTS "history_tenant" ON "history";--> statement-breakpoint
CREATE POLICY "history_tenant" ON "history" USING (("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) OR ("tenant_key" IS NULL AND nullif(current_setting('masthead.tenant', true), '') IS NULL)) WITH CHECK (("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) OR "tenant_key" IS NULL);
