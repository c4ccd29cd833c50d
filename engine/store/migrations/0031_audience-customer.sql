ALTER TABLE `site_users` ADD `omeda_customer_id` text;--> statement-breakpoint
ALTER TABLE `site_users` ADD `omeda_encrypted_customer_id` text;--> statement-breakpoint
ALTER TABLE `site_users` ADD `omeda_products` text;