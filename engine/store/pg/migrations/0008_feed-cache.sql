CREATE TABLE "feed_cache" (
	"tenant_key" text NOT NULL,
	"url" text NOT NULL,
	"items" jsonb NOT NULL,
	"fetched_at" bigint NOT NULL,
	CONSTRAINT "feed_cache_tenant_key_url_pk" PRIMARY KEY("tenant_key","url")
);
--> statement-breakpoint
ALTER TABLE "feed_cache" ADD CONSTRAINT "feed_cache_tenant_key_tenants_tenant_key_fk" FOREIGN KEY ("tenant_key") REFERENCES "public"."tenants"("tenant_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant isolation of feed_cache (pg/tenancy.ts isolationSql).
ALTER TABLE "feed_cache" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "feed_cache" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "feed_cache_tenant" ON "feed_cache" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
