import { eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import { catalogueVersion, productChanges, products } from "../db/schema/index.js";
import { MOST_CHANGED } from "./order-shift.js";
export { MOST_CHANGED };
import { intString, product } from "./schemas.js";
import { listOrder, productDetails, type ProductDetail } from "./products.js";

/**
 * The catalogue's changes since a version (`GET /products_changes?since=N`, an extension:
 * docs/contract.md#extensions): the products whose JSON changed after version N, whole, and the keys
 * of those deleted, read in one transaction with the version they bring the reader to. A client that
 * holds the catalogue as of N (its `X-Catalogue-Version`) is then current without reading every page.
 *
 * The database keeps what changed (product_changes, drizzle/0009_catalogue_changes.sql): a product's
 * row, its options, extras, categories and media, its images' files. A change that moves every product
 * (a shift of the list's order, a shipping or tax group's change, a category renamed, a seed) is not
 * listed product by product: it moves `changes_from` to its version, and an answer for an older
 * version says `complete: false` (read the catalogue again), as it does past MOST_CHANGED products.
 */

export const changesQuery = z.object({
  since: intString(0, Number.MAX_SAFE_INTEGER, "a whole number from 0").meta({
    description: "The catalogue's version the client holds (X-Catalogue-Version of a products read).",
  }),
});

export const catalogueChangesBody = z
  .object({
    since: z.number().meta({ description: "The version asked from." }),
    version: z.number().meta({ description: "The catalogue's version these changes bring the client to." }),
    complete: z.boolean().meta({
      description: "False: the changes from `since` are not known (or too many): read the products list again.",
    }),
    products: z.array(product).meta({ description: "The products changed since, whole, in the list's order." }),
    removed: z.array(z.string()).meta({ description: "The keys of the products deleted since." }),
  })
  .meta({ "x-store-extension": true });

export interface CatalogueChanges {
  since: number;
  version: number;
  complete: boolean;
  details: ProductDetail[];
  removed: string[];
}

export async function catalogueChanges(tx: Queryable, since: number): Promise<CatalogueChanges> {
  const [row] = await tx
    .select({ version: catalogueVersion.version, changesFrom: catalogueVersion.changesFrom })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  if (!row) throw new Error("The catalogue_version row is missing: the database's migrations are incomplete.");
  const { version, changesFrom } = row;
  if (since > version) throw new ValidationError({ since: `is ahead of the catalogue's version (${version})` });
  const incomplete = { since, version, complete: false, details: [], removed: [] };
  if (since < changesFrom) return incomplete;
  // One read of what changed: past MOST_CHANGED rows the list is not worth reading.
  const listed = await tx
    .select({ id: productChanges.productId, key: productChanges.productKey })
    .from(productChanges)
    .where(gt(productChanges.version, since))
    .limit(MOST_CHANGED + 1);
  if (listed.length > MOST_CHANGED) return incomplete;
  const rows = listed.length
    ? await tx
        .select()
        .from(products)
        .where(
          inArray(
            products.id,
            listed.map((r) => r.id),
          ),
        )
        .orderBy(...listOrder)
    : [];
  const present = new Set(rows.map((r) => r.id));
  const removed = listed.flatMap((r) => (present.has(r.id) || r.key === null ? [] : [r.key]));
  return { since, version, complete: true, details: await productDetails(tx, rows), removed };
}

/** Read in one snapshot: the version said and the products listed are of the same moment (PostgreSQL). */
export const SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;
