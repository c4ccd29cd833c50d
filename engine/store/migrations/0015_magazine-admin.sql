ALTER TABLE `magazine_issues` ADD `start_date` integer;--> statement-breakpoint
ALTER TABLE `magazine_issues` ADD `end_date` integer;--> statement-breakpoint
ALTER TABLE `magazine_publications` ADD `description` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `magazine_publications` ADD `logo_asset_id` integer;--> statement-breakpoint
ALTER TABLE `magazine_publications` ADD `cover_asset_id` integer;--> statement-breakpoint
ALTER TABLE `magazine_publications` ADD `renewal_url` text;