CREATE TABLE `magazine_issues` (
	`id` integer PRIMARY KEY NOT NULL,
	`publication_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`issue_date` integer NOT NULL,
	`cover_image` text,
	`digital_edition_url` text,
	`status` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`publication_id`) REFERENCES `magazine_publications`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `magazine_issues_publication_date` ON `magazine_issues` (`publication_id`,`issue_date`);--> statement-breakpoint
CREATE TABLE `magazine_publications` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`subscribe_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `magazine_publications_tenant` ON `magazine_publications` (`tenant_key`);--> statement-breakpoint
CREATE TABLE `newsletter_ad_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ad_id` integer NOT NULL,
	`template_id` integer NOT NULL,
	`start_date` integer NOT NULL,
	`end_date` integer NOT NULL,
	`position` integer DEFAULT 1 NOT NULL,
	`order_id` text,
	`line_item_id` text,
	FOREIGN KEY (`ad_id`) REFERENCES `newsletter_ads`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `newsletter_templates`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "newsletter_ad_schedules_position" CHECK("newsletter_ad_schedules"."position" between 1 and 100)
);
--> statement-breakpoint
CREATE INDEX `newsletter_ad_schedules_slot` ON `newsletter_ad_schedules` (`template_id`,`position`,`start_date`);--> statement-breakpoint
CREATE INDEX `newsletter_ad_schedules_ad` ON `newsletter_ad_schedules` (`ad_id`);--> statement-breakpoint
CREATE TABLE `newsletter_ads` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`title` text NOT NULL,
	`placement` text NOT NULL,
	`priority` integer DEFAULT 10 NOT NULL,
	`config` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "newsletter_ads_priority" CHECK("newsletter_ads"."priority" in (1, 5, 10))
);
--> statement-breakpoint
CREATE INDEX `newsletter_ads_tenant` ON `newsletter_ads` (`tenant_key`);--> statement-breakpoint
CREATE TABLE `newsletter_campaigns` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`template_id` integer NOT NULL,
	`name` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`preheader` text DEFAULT '' NOT NULL,
	`from_address` text,
	`deployment_date` integer,
	`audience_status` text DEFAULT 'Draft' NOT NULL,
	`hidden_on_web` integer DEFAULT false NOT NULL,
	`grid` text NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `newsletter_templates`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "newsletter_campaigns_status" CHECK("newsletter_campaigns"."audience_status" in ('Draft', 'Scheduled', 'Sending', 'Sent', 'Failed'))
);
--> statement-breakpoint
CREATE INDEX `newsletter_campaigns_template_status` ON `newsletter_campaigns` (`template_id`,`audience_status`,`sent_at`);--> statement-breakpoint
CREATE INDEX `newsletter_campaigns_tenant` ON `newsletter_campaigns` (`tenant_key`,`updated_at`);--> statement-breakpoint
CREATE TABLE `newsletter_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`campaign_id` integer NOT NULL,
	`kind` text NOT NULL,
	`recipients` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `newsletter_campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "newsletter_sends_kind" CHECK("newsletter_sends"."kind" in ('test', 'deploy'))
);
--> statement-breakpoint
CREATE INDEX `newsletter_sends_campaign` ON `newsletter_sends` (`campaign_id`);--> statement-breakpoint
CREATE TABLE `newsletter_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`newsletter_id` integer NOT NULL,
	`email` text NOT NULL,
	`site_user_id` integer,
	`status` text DEFAULT 'subscribed' NOT NULL,
	`consent` text,
	`country_code` text,
	`region_code` text,
	`promo_code` text,
	`source` text NOT NULL,
	`subscribed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`site_user_id`) REFERENCES `site_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "newsletter_subscriptions_status" CHECK("newsletter_subscriptions"."status" in ('subscribed', 'unsubscribed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscriptions_unique` ON `newsletter_subscriptions` (`tenant_key`,`newsletter_id`,`email`);--> statement-breakpoint
CREATE INDEX `newsletter_subscriptions_list` ON `newsletter_subscriptions` (`newsletter_id`,`status`,`id`);--> statement-breakpoint
CREATE INDEX `newsletter_subscriptions_email` ON `newsletter_subscriptions` (`tenant_key`,`email`);--> statement-breakpoint
CREATE TABLE `newsletter_templates` (
	`id` integer PRIMARY KEY NOT NULL,
	`tenant_key` text NOT NULL,
	`name` text NOT NULL,
	`status` integer DEFAULT 1 NOT NULL,
	`newsletter_id` integer,
	`config` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`tenant_key`) REFERENCES `tenants`(`tenant_key`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `newsletter_templates_tenant_status` ON `newsletter_templates` (`tenant_key`,`status`);