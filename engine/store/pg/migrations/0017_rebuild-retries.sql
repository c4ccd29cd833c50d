ALTER TABLE "rebuild_requests" ADD COLUMN "attempts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rebuild_requests" ADD COLUMN "retry_at" bigint;