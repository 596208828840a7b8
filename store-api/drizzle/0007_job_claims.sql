ALTER TABLE "jobs" ADD COLUMN "claims" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The claims so far are at least the attempts counted (src/jobs/queue.ts: the fence only grows).
UPDATE "jobs" SET "claims" = "attempts";
