CREATE TABLE "api_rate_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_rate_limit_at_idx" ON "api_rate_limit" USING btree ("at");