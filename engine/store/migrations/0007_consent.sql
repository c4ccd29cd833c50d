CREATE TABLE `event_drops` (
	`tenant_key` text NOT NULL,
	`day` text NOT NULL,
	`reason` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`tenant_key`, `day`, `reason`)
);
--> statement-breakpoint
CREATE TABLE `event_rollup_state` (
	`tenant_key` text PRIMARY KEY NOT NULL,
	`last_event_id` integer DEFAULT 0 NOT NULL,
	`rolled_at` integer
);
--> statement-breakpoint
CREATE TABLE `event_rollups` (
	`tenant_key` text NOT NULL,
	`grain` text NOT NULL,
	`bucket` text NOT NULL,
	`day` text NOT NULL,
	`type` text NOT NULL,
	`dim` text NOT NULL,
	`key` text NOT NULL,
	`events` integer NOT NULL,
	`visitors` integer NOT NULL,
	PRIMARY KEY(`tenant_key`, `grain`, `bucket`, `type`, `dim`, `key`)
);
--> statement-breakpoint
CREATE INDEX `event_rollups_tenant_day` ON `event_rollups` (`tenant_key`,`day`);--> statement-breakpoint
CREATE TABLE `event_salts` (
	`day` text PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tenant_key` text NOT NULL,
	`day` text NOT NULL,
	`at` integer NOT NULL,
	`type` text NOT NULL,
	`visitor` text NOT NULL,
	`site_user_id` integer,
	`net` text,
	`content_id` integer,
	`section_id` integer,
	`company_id` integer,
	`newsletter_id` integer,
	`page_id` text,
	`target` text,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_tenant_day` ON `events` (`tenant_key`,`day`);