CREATE TABLE `magazine_issue_content` (
	`issue_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`content_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`issue_id`, `content_id`),
	FOREIGN KEY (`issue_id`) REFERENCES `magazine_issues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `magazine_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`content_id`) REFERENCES `content`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `magazine_issue_content_content` ON `magazine_issue_content` (`content_id`);--> statement-breakpoint
CREATE TABLE `magazine_sections` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`publication_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`publication_id`) REFERENCES `magazine_publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `magazine_sections_publication` ON `magazine_sections` (`publication_id`,`position`);