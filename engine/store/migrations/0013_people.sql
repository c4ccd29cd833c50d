CREATE TABLE `contacts_settings` (
	`tenant_key` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`person_ids` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `persons` ADD `social_links` text DEFAULT '[]' NOT NULL;