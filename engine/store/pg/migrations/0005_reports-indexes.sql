CREATE INDEX "content_report_by_id" ON "content" USING btree ("id","primary_section_id","type","status","published","name");--> statement-breakpoint
CREATE INDEX "content_report_published" ON "content" USING btree ("tenant_key","status","published","primary_section_id","type","id","name");--> statement-breakpoint
CREATE INDEX "history_report" ON "history" USING btree ("tenant_key","entity_type","created_at","actor_type","actor_id","action","entity_id");--> statement-breakpoint
-- event_rollups is partitioned and kept out of drizzle-kit's snapshot (0001): its index is written here by hand; on the parent it is built on every partition.
CREATE INDEX "event_rollups_report" ON "event_rollups" USING btree ("tenant_key","grain","dim","type","day","key","events","visitors");
