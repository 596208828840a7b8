CREATE TABLE "catalogue_part_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"from_name" text,
	"to_name" text,
	"version" bigint,
	CONSTRAINT "catalogue_part_changes_kind" CHECK ("catalogue_part_changes"."kind" in ('shipping_group', 'tax_group', 'category'))
);
--> statement-breakpoint
CREATE INDEX "catalogue_part_changes_version_idx" ON "catalogue_part_changes" USING btree ("version");--> statement-breakpoint
-- A change every product of a group or category shows is kept as one line (src/db/schema/catalogue-version.ts,
-- src/products/changes.ts) instead of moving changes_from: a group's name, options or rules, a group
-- deleted (its products, set to no group, are listed as changed too), a category renamed (a slug alone is
-- not shown). One line per group and transaction; each rename its own. Every 256th line lets go of those
-- past the newest 2,000 (KEPT_PARTS), moving changes_from past them.
CREATE FUNCTION "catalogue_part_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  part_kind text;
  ref integer;
  added bigint;
  pruned bigint;
  pending boolean;
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    IF OLD."name" IS NOT DISTINCT FROM NEW."name" THEN RETURN NULL; END IF;
    INSERT INTO "catalogue_part_changes" ("kind", "ref_id", "from_name", "to_name")
    VALUES ('category', NEW."id", OLD."name", NEW."name") RETURNING "id" INTO added;
  ELSE
    part_kind := CASE WHEN TG_TABLE_NAME IN ('shipping_groups', 'shipping_options') THEN 'shipping_group' ELSE 'tax_group' END;
    IF TG_TABLE_NAME IN ('shipping_groups', 'tax_groups') THEN
      ref := CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END;
    ELSE
      ref := CASE WHEN TG_OP = 'DELETE' THEN OLD."group_id" ELSE NEW."group_id" END;
    END IF;
    IF EXISTS (SELECT 1 FROM "catalogue_part_changes" c
               WHERE c."version" IS NULL AND c."kind" = part_kind AND c."ref_id" = ref) THEN
      RETURN NULL;
    END IF;
    INSERT INTO "catalogue_part_changes" ("kind", "ref_id") VALUES (part_kind, ref) RETURNING "id" INTO added;
  END IF;
  IF added % 256 = 0 THEN
    WITH gone AS (DELETE FROM "catalogue_part_changes" WHERE "id" <= added - 2000 RETURNING "version")
    SELECT max("version"), bool_or("version" IS NULL) INTO pruned, pending FROM gone;
    IF pruned IS NOT NULL THEN
      UPDATE "catalogue_version" SET "changes_from" = greatest("changes_from", pruned) WHERE "id" = 1;
    END IF;
    IF pending THEN PERFORM set_config('store.catalogue_reset', 'on', true); END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "categories_changes_reset" ON "categories";
--> statement-breakpoint
DROP TRIGGER "shipping_groups_changes_reset" ON "shipping_groups";
--> statement-breakpoint
DROP TRIGGER "shipping_options_changes_reset" ON "shipping_options";
--> statement-breakpoint
DROP TRIGGER "tax_groups_changes_reset" ON "tax_groups";
--> statement-breakpoint
DROP TRIGGER "tax_rules_changes_reset" ON "tax_rules";
--> statement-breakpoint
DROP FUNCTION "catalogue_changes_reset"();
--> statement-breakpoint
CREATE TRIGGER "categories_part_changes" AFTER UPDATE ON "categories" FOR EACH ROW EXECUTE FUNCTION "catalogue_part_changed"();
--> statement-breakpoint
CREATE TRIGGER "shipping_groups_part_changes" AFTER UPDATE OR DELETE ON "shipping_groups" FOR EACH ROW EXECUTE FUNCTION "catalogue_part_changed"();
--> statement-breakpoint
CREATE TRIGGER "shipping_options_part_changes" AFTER INSERT OR UPDATE OR DELETE ON "shipping_options" FOR EACH ROW EXECUTE FUNCTION "catalogue_part_changed"();
--> statement-breakpoint
CREATE TRIGGER "tax_groups_part_changes" AFTER UPDATE OR DELETE ON "tax_groups" FOR EACH ROW EXECUTE FUNCTION "catalogue_part_changed"();
--> statement-breakpoint
CREATE TRIGGER "tax_rules_part_changes" AFTER INSERT OR UPDATE OR DELETE ON "tax_rules" FOR EACH ROW EXECUTE FUNCTION "catalogue_part_changed"();
--> statement-breakpoint
-- The version's bump at the commit also gives this transaction's part changes their version.
CREATE OR REPLACE FUNCTION "catalogue_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1 RETURNING "version" INTO bumped;
  UPDATE "product_changes" SET "version" = bumped WHERE "version" IS NULL;
  UPDATE "product_order_shifts" SET "version" = bumped WHERE "version" IS NULL;
  UPDATE "catalogue_part_changes" SET "version" = bumped WHERE "version" IS NULL;
  IF TG_OP = 'TRUNCATE' OR coalesce(current_setting('store.catalogue_reset', true), '') = 'on' THEN
    UPDATE "catalogue_version" SET "changes_from" = bumped WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
