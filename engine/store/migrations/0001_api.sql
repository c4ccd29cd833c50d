CREATE TABLE `cms_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`family_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`bearer_hash` text NOT NULL,
	`bearer_expires_at` integer NOT NULL,
	`refresh_hash` text NOT NULL,
	`refresh_expires_at` integer NOT NULL,
	`rotated_at` integer,
	`revoked_at` integer,
	`revoked_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cms_sessions_bearer_hash_unique` ON `cms_sessions` (`bearer_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `cms_sessions_refresh_hash_unique` ON `cms_sessions` (`refresh_hash`);--> statement-breakpoint
CREATE INDEX `cms_sessions_family` ON `cms_sessions` (`family_id`);--> statement-breakpoint
CREATE INDEX `cms_sessions_user` ON `cms_sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `cms_user_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `cms_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cms_user_tokens_kind" CHECK("cms_user_tokens"."kind" in ('reset', 'invite'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cms_user_tokens_token_hash_unique` ON `cms_user_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `cms_user_tokens_user` ON `cms_user_tokens` (`user_id`);--> statement-breakpoint
ALTER TABLE `cms_users` ADD `last_login_at` integer;