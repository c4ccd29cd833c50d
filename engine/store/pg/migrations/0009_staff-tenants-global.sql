-- cms_user_tenants lists which tenants an installation-wide staff account may work in; it is read
-- to resolve a staff session before (and regardless of) the tenant a request names, so it is a
-- global table (pg/tenancy.ts GLOBAL_TABLES), like cms_users itself.
DROP POLICY IF EXISTS "cms_user_tenants_tenant" ON "cms_user_tenants";--> statement-breakpoint
ALTER TABLE "cms_user_tenants" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "cms_user_tenants" DISABLE ROW LEVEL SECURITY;
