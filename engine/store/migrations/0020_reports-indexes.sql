CREATE INDEX `content_report_by_id` ON `content` (`id`,`primary_section_id`,`type`,`status`,`published`,`name`);--> statement-breakpoint
CREATE INDEX `content_report_published` ON `content` (`tenant_key`,`status`,`published`,`primary_section_id`,`type`,`id`,`name`);--> statement-breakpoint
CREATE INDEX `history_report` ON `history` (`tenant_key`,`entity_type`,`created_at`,`actor_type`,`actor_id`,`action`,`entity_id`);--> statement-breakpoint
CREATE INDEX `event_rollups_report` ON `event_rollups` (`tenant_key`,`grain`,`dim`,`type`,`day`,`key`,`events`,`visitors`);