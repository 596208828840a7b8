CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "product_search" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"words" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_search" ADD CONSTRAINT "product_search_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_search_words_idx" ON "product_search" USING gin ("words") WITH (fastupdate=false);--> statement-breakpoint
-- The product search's words of these products, written anew (src/db/schema/product-search.ts): name, slug
-- and every SKU, lower case, each run of spaces and punctuation one space. A product gone is skipped.
CREATE FUNCTION "product_search_refresh"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "product_search" ("product_id", "words")
  SELECT p."id", to_tsvector('simple'::regconfig, regexp_replace(lower(concat_ws(' ', p."name", p."slug",
    (SELECT string_agg(o."sku" || ' ' || o."fetch_sku", ' ') FROM "product_options" o WHERE o."product_id" = p."id"))),
    '[[:space:][:punct:]]+', ' ', 'g'))
  FROM "products" p WHERE p."id" = ANY(ids)
  ON CONFLICT ("product_id") DO UPDATE SET "words" = excluded."words"
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_added_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_search_refresh"(ARRAY(SELECT "id" FROM added));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_changed_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_search_refresh"(ARRAY[NEW."id"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_options_of"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_search_refresh"(ARRAY(SELECT DISTINCT "product_id" FROM touched));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "product_search_changed_option"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "product_search_refresh"(ARRAY[NEW."product_id"]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Once a statement for rows added or removed (a seed's batch, a replace-all of options); once a row for
-- a changed name, slug or SKU only (a shift of the list's order or a stock change runs nothing).
CREATE TRIGGER "products_search_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION "product_search_added_products"();
--> statement-breakpoint
CREATE TRIGGER "products_search_update" AFTER UPDATE OF "name", "slug" ON "products" FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."slug" IS DISTINCT FROM NEW."slug") EXECUTE FUNCTION "product_search_changed_product"();
--> statement-breakpoint
CREATE TRIGGER "product_options_search_insert" AFTER INSERT ON "product_options" REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION "product_search_options_of"();
--> statement-breakpoint
CREATE TRIGGER "product_options_search_delete" AFTER DELETE ON "product_options" REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION "product_search_options_of"();
--> statement-breakpoint
CREATE TRIGGER "product_options_search_update" AFTER UPDATE OF "sku", "fetch_sku", "product_id" ON "product_options" FOR EACH ROW WHEN (OLD."sku" IS DISTINCT FROM NEW."sku" OR OLD."fetch_sku" IS DISTINCT FROM NEW."fetch_sku" OR OLD."product_id" IS DISTINCT FROM NEW."product_id") EXECUTE FUNCTION "product_search_changed_option"();
--> statement-breakpoint
-- The products of a store made before this migration.
SELECT "product_search_refresh"(ARRAY(SELECT "id" FROM "products"));
--> statement-breakpoint
-- The one row of the catalogue's version (src/db/schema/catalogue-version.ts).
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Bumps the catalogue's version. It runs at the commit (the triggers below are deferred), so the row is
-- locked only from there to the end of the commit: writers never wait on each other mid-transaction, and
-- no deadlock can take this row in a cycle (it is every writer's last lock). Each trigger's WHEN queues it
-- once per transaction: the first row written sets a transaction-local setting, and the others (a shift
-- of the list's order writes every product) queue nothing (0.4 s less at the commit of 100,000 rows).
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_options_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_options_catalogue_version_truncate" AFTER TRUNCATE ON "product_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_extras_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_extras" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_extras_catalogue_version_truncate" AFTER TRUNCATE ON "product_extras" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_version_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_catalogue_version_truncate" AFTER TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_media_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_media" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_media_catalogue_version_truncate" AFTER TRUNCATE ON "product_media" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "image_files_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "image_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "image_files_catalogue_version_truncate" AFTER TRUNCATE ON "image_files" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shipping_groups_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "shipping_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "shipping_groups_catalogue_version_truncate" AFTER TRUNCATE ON "shipping_groups" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shipping_options_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "shipping_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "shipping_options_catalogue_version_truncate" AFTER TRUNCATE ON "shipping_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_groups_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "tax_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "tax_groups_catalogue_version_truncate" AFTER TRUNCATE ON "tax_groups" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_rules_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "tax_rules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (coalesce(current_setting('store.catalogue_queued', true), '') = '' AND set_config('store.catalogue_queued', 'on', true) = 'on') EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "tax_rules_catalogue_version_truncate" AFTER TRUNCATE ON "tax_rules" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
