CREATE TABLE `aspire_news` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`date` integer NOT NULL,
	`status` integer DEFAULT 2 NOT NULL,
	`alert` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `aspire_news_status_date` ON `aspire_news` (`status`,`date`);--> statement-breakpoint
CREATE TABLE `aspire_news_reads` (
	`news_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`read_at` integer NOT NULL,
	PRIMARY KEY(`news_id`, `user_id`),
	FOREIGN KEY (`news_id`) REFERENCES `aspire_news`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade
);
