CREATE INDEX "content_tenant_start_date" ON "content" USING btree ("tenant_key","status","start_date");--> statement-breakpoint
CREATE INDEX "content_tenant_end_date" ON "content" USING btree ("tenant_key","status","end_date");--> statement-breakpoint
CREATE INDEX "website_schedules_start_date" ON "website_schedules" USING btree ("start_date");--> statement-breakpoint
CREATE INDEX "website_schedules_end_date" ON "website_schedules" USING btree ("end_date");