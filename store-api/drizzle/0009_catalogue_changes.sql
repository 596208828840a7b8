-- The catalogue's changes since a version (GET /products_changes, an extension: docs/contract.md#extensions;
-- src/db/schema/catalogue-version.ts, src/products/changes.ts).
CREATE TABLE "product_changes" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"product_key" text,
	"version" bigint
);
--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "changes_from" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "product_changes_version_idx" ON "product_changes" USING btree ("version");--> statement-breakpoint
CREATE INDEX "product_changes_pending_idx" ON "product_changes" USING btree ("product_id") WHERE "product_changes"."version" is null;--> statement-breakpoint
-- The catalogue's changes (src/db/schema/catalogue-version.ts, src/products/changes.ts): known from now on.
UPDATE "catalogue_version" SET "changes_from" = "version" WHERE "id" = 1;
--> statement-breakpoint
-- These products changed in this transaction: their rows wait (version null) for its commit's version.
CREATE FUNCTION "catalogue_changed"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "product_changes" ("product_id", "product_key", "version")
  SELECT c."id", p."key", NULL::bigint
  FROM (SELECT DISTINCT "id" FROM unnest(ids) AS u("id") WHERE "id" IS NOT NULL) c
  LEFT JOIN "products" p ON p."id" = c."id"
  ON CONFLICT ("product_id") DO UPDATE SET "version" = NULL,
    "product_key" = coalesce(excluded."product_key", "product_changes"."product_key")
$$;
--> statement-breakpoint
-- A product's row: its key comes with it (a deleted product is gone from products by now).
CREATE FUNCTION "catalogue_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "product_changes" ("product_id", "product_key", "version")
    SELECT "id", "key", NULL::bigint FROM old_rows
    ON CONFLICT ("product_id") DO UPDATE SET "version" = NULL, "product_key" = excluded."product_key";
  ELSIF TG_OP = 'UPDATE' AND coalesce(current_setting('store.order_shift', true), '') = 'on' THEN
    -- A shift of the list's order (src/products/order-shift.ts): every product moved; the changes start again at this commit.
    PERFORM set_config('store.catalogue_reset', 'on', true);
  ELSE
    PERFORM "catalogue_changed"(ARRAY(SELECT "id" FROM new_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A row of a product's options, extras, categories or media.
CREATE FUNCTION "catalogue_parts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "catalogue_changed"(ARRAY(SELECT "product_id" FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "catalogue_changed"(ARRAY(SELECT "product_id" FROM old_rows));
  ELSE
    PERFORM "catalogue_changed"(ARRAY(SELECT "product_id" FROM new_rows UNION SELECT "product_id" FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An image's files (drawn after the product was written): the products showing that image.
CREATE FUNCTION "catalogue_files_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "catalogue_changed"(ARRAY(SELECT m."product_id" FROM "product_media" m WHERE m."id" IN (SELECT "media_id" FROM new_rows)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "catalogue_changed"(ARRAY(SELECT m."product_id" FROM "product_media" m WHERE m."id" IN (SELECT "media_id" FROM old_rows)));
  ELSE
    PERFORM "catalogue_changed"(ARRAY(SELECT m."product_id" FROM "product_media" m
      WHERE m."id" IN (SELECT "media_id" FROM new_rows UNION SELECT "media_id" FROM old_rows)));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A change every product of a group or category shows (its JSON embeds them): not listed product by
-- product; the changes start again at this commit. Once per transaction (the WHEN of its triggers).
CREATE FUNCTION "catalogue_changes_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('store.catalogue_reset', 'on', true);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The version's bump at the commit (0008) now also gives this transaction's changes their version, and
-- moves changes_from when a change moved every product (or a table was truncated).
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO bumped;
  UPDATE "product_changes" SET "version" = bumped WHERE "version" IS NULL;
  IF TG_OP = 'TRUNCATE' OR coalesce(current_setting('store.catalogue_reset', true), '') = 'on' THEN
    UPDATE "catalogue_version" SET "changes_from" = bumped WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_changes_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_changes_update" AFTER UPDATE ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_changes_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_products_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_options_changes_insert" AFTER INSERT ON "product_options" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_options_changes_update" AFTER UPDATE ON "product_options" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_options_changes_delete" AFTER DELETE ON "product_options" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_extras_changes_insert" AFTER INSERT ON "product_extras" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_extras_changes_update" AFTER UPDATE ON "product_extras" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_extras_changes_delete" AFTER DELETE ON "product_extras" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_changes_insert" AFTER INSERT ON "product_categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_changes_update" AFTER UPDATE ON "product_categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_changes_delete" AFTER DELETE ON "product_categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_media_changes_insert" AFTER INSERT ON "product_media" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_media_changes_update" AFTER UPDATE ON "product_media" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "product_media_changes_delete" AFTER DELETE ON "product_media" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_parts_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_files_changes_insert" AFTER INSERT ON "image_files" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_files_changes_update" AFTER UPDATE ON "image_files" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "image_files_changes_delete" AFTER DELETE ON "image_files" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_files_changed"();
--> statement-breakpoint
CREATE TRIGGER "categories_changes_reset" AFTER UPDATE ON "categories" FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_reset', true), '') = '') EXECUTE FUNCTION "catalogue_changes_reset"();
--> statement-breakpoint
CREATE TRIGGER "shipping_groups_changes_reset" AFTER UPDATE OR DELETE ON "shipping_groups" FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_reset', true), '') = '') EXECUTE FUNCTION "catalogue_changes_reset"();
--> statement-breakpoint
CREATE TRIGGER "shipping_options_changes_reset" AFTER INSERT OR UPDATE OR DELETE ON "shipping_options" FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_reset', true), '') = '') EXECUTE FUNCTION "catalogue_changes_reset"();
--> statement-breakpoint
CREATE TRIGGER "tax_groups_changes_reset" AFTER UPDATE OR DELETE ON "tax_groups" FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_reset', true), '') = '') EXECUTE FUNCTION "catalogue_changes_reset"();
--> statement-breakpoint
CREATE TRIGGER "tax_rules_changes_reset" AFTER INSERT OR UPDATE OR DELETE ON "tax_rules" FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_reset', true), '') = '') EXECUTE FUNCTION "catalogue_changes_reset"();
