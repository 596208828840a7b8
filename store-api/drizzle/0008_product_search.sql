CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "product_options_sku_search_idx" ON "product_options" USING gin (to_tsvector('simple'::regconfig, regexp_replace(lower("sku" || ' ' || "fetch_sku"), '[[:space:][:punct:]]+', ' ', 'g')));--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin (to_tsvector('simple'::regconfig, regexp_replace(lower("name" || ' ' || "slug"), '[[:space:][:punct:]]+', ' ', 'g')));--> statement-breakpoint
-- The one row of the catalogue's version (src/db/schema/catalogue-version.ts).
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
-- Bumps the catalogue's version once per transaction. It runs at the commit (the triggers below are
-- deferred), so the row is locked only from there to the end of the commit: writers never wait on each
-- other mid-transaction, and no deadlock can take this row in a cycle (it is every writer's last lock).
CREATE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('store.catalogue_bumped', true), '') = '' THEN
    PERFORM set_config('store.catalogue_bumped', 'on', true);
    UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "products" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_options_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_options_catalogue_version_truncate" AFTER TRUNCATE ON "product_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_extras_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_extras" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_extras_catalogue_version_truncate" AFTER TRUNCATE ON "product_extras" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_version_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_categories_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_categories_catalogue_version_truncate" AFTER TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "product_media_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "product_media" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_media_catalogue_version_truncate" AFTER TRUNCATE ON "product_media" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "image_files_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "image_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "image_files_catalogue_version_truncate" AFTER TRUNCATE ON "image_files" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shipping_groups_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "shipping_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "shipping_groups_catalogue_version_truncate" AFTER TRUNCATE ON "shipping_groups" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "shipping_options_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "shipping_options" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "shipping_options_catalogue_version_truncate" AFTER TRUNCATE ON "shipping_options" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_groups_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "tax_groups" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "tax_groups_catalogue_version_truncate" AFTER TRUNCATE ON "tax_groups" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tax_rules_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON "tax_rules" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "tax_rules_catalogue_version_truncate" AFTER TRUNCATE ON "tax_rules" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_version_bump"();
