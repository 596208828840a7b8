CREATE TABLE "cache_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "cache_generation_one_row" CHECK ("cache_generation"."id" = 1)
);
--> statement-breakpoint
-- The one row every store process bumps after a write (src/api/cache-generation.ts).
INSERT INTO "cache_generation" ("id", "generation") VALUES (1, 0);
