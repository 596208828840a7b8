CREATE TABLE "product_order_shifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"from_order" integer NOT NULL,
	"to_order" integer,
	"by" integer NOT NULL,
	"version" bigint
);
--> statement-breakpoint
CREATE INDEX "product_order_shifts_version_idx" ON "product_order_shifts" USING btree ("version");--> statement-breakpoint
-- A shift of the list's order (src/products/order-shift.ts) is kept as one line of product_order_shifts,
-- written by the app beside it, instead of moving changes_from: the products it moved are not listed.
CREATE OR REPLACE FUNCTION "catalogue_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "product_changes" ("product_id", "product_key", "version")
    SELECT "id", "key", NULL::bigint FROM old_rows
    ON CONFLICT ("product_id") DO UPDATE SET "version" = NULL, "product_key" = excluded."product_key";
  ELSIF TG_OP = 'UPDATE' AND coalesce(current_setting('store.order_shift', true), '') = 'on' THEN
    -- Told as one line of product_order_shifts (written by the shift itself).
    NULL;
  ELSE
    PERFORM "catalogue_changed"(ARRAY(SELECT "id" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The version's bump at the commit also gives this transaction's shifts their version.
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO bumped;
  UPDATE "product_changes" SET "version" = bumped WHERE "version" IS NULL;
  UPDATE "product_order_shifts" SET "version" = bumped WHERE "version" IS NULL;
  IF TG_OP = 'TRUNCATE' OR coalesce(current_setting('store.catalogue_reset', true), '') = 'on' THEN
    UPDATE "catalogue_version" SET "changes_from" = bumped WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
