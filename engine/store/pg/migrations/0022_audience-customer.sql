ALTER TABLE "site_users" ADD COLUMN "omeda_customer_id" text;--> statement-breakpoint
ALTER TABLE "site_users" ADD COLUMN "omeda_encrypted_customer_id" text;--> statement-breakpoint
ALTER TABLE "site_users" ADD COLUMN "omeda_products" json;