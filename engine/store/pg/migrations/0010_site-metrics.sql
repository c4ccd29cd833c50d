CREATE TABLE "site_metrics" (
	"tenant_key" text NOT NULL,
	"metric" text NOT NULL,
	"day" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"total_ms" bigint DEFAULT 0 NOT NULL,
	"max_ms" bigint DEFAULT 0 NOT NULL,
	"buckets" text DEFAULT '[]' NOT NULL,
	CONSTRAINT "site_metrics_tenant_key_metric_day_pk" PRIMARY KEY("tenant_key","metric","day")
);
--> statement-breakpoint
ALTER TABLE "site_metrics" ADD CONSTRAINT "site_metrics_tenant_key_tenants_tenant_key_fk" FOREIGN KEY ("tenant_key") REFERENCES "public"."tenants"("tenant_key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant isolation of the new tenant table (pg/tenancy.ts isolationSql).
ALTER TABLE "site_metrics" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "site_metrics" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "site_metrics_tenant" ON "site_metrics" USING ("tenant_key" = nullif(current_setting('masthead.tenant', true), '')) WITH CHECK ("tenant_key" = nullif(current_setting('masthead.tenant', true), ''));
