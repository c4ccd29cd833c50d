ALTER TABLE `rebuild_requests` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rebuild_requests` ADD `retry_at` integer;