import { asc, eq, gt, inArray } from "drizzle-orm";
import { z } from "zod";
import { ValidationError } from "../api/errors.js";
import type { Queryable } from "../db/index.js";
import {
  cataloguePartChanges,
  catalogueVersion,
  productChanges,
  productOrderShifts,
  products,
} from "../db/schema/index.js";
import { MOST_CHANGED, type OrderShift } from "./order-shift.js";
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
 * (a seed, a table emptied) is not listed product by product: it moves `changes_from` to its version,
 * and an answer for an older version says `complete: false` (read the catalogue again), as it does past
 * MOST_CHANGED products. A shift of the list's order is one line (product_order_shifts, ./order-shift.ts):
 * told as `shifts` to a client that asks with `shifts=1` (it moves its own rows the same way). A change of
 * a shipping or tax group or a category's name is one line too (catalogue_part_changes,
 * drizzle/0011_part_changes.sql): told as `parts` to a client that asks with `parts=1` (it brings the
 * group, or the name, up to date in its own rows). To a client that does not ask, either makes the answer
 * incomplete.
 */

export const changesQuery = z.object({
  since: intString(0, Number.MAX_SAFE_INTEGER, "a whole number from 0").meta({
    description: "The catalogue's version the client holds (X-Catalogue-Version of a products read).",
  }),
  shifts: z
    .enum(["0", "1"], { error: "must be 0 or 1" })
    .optional()
    .meta({ description: "1: the client moves its rows by `shifts`; without it a shift makes the answer incomplete." }),
  parts: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional().meta({
    description:
      "1: the client brings groups and category names up to date by `parts`; without it such a change makes the answer incomplete.",
  }),
});

const partChange = z.object({
  version: z.number().meta({ description: "The version whose commit made the change." }),
  kind: z.enum(["shipping_group", "tax_group", "category"]),
  id: z.number().meta({ description: "The group's or the category's id." }),
  from: z.string().nullable().meta({ description: "A category: its name before (null for a group)." }),
  to: z.string().nullable().meta({ description: "A category: its name after (null for a group)." }),
});

const orderShift = z.object({
  version: z.number().meta({ description: "The version whose commit made the shift." }),
  from: z.number().meta({ description: "The first `order` moved." }),
  to: z.number().nullable().meta({ description: "The last `order` moved; null: every one from `from` on." }),
  by: z.number().meta({ description: "1 or -1: added to each `order` moved (at most 2147483647, which stays)." }),
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
    shifts: z
      .array(orderShift)
      .optional()
      .meta({
        description:
          "With shifts=1: the shifts of the list's order since, in the order they were made. A product not " +
          "listed moved by each shift whose range held its `order` then; a listed one is as listed.",
      }),
    parts: z
      .array(partChange)
      .optional()
      .meta({
        description:
          "With parts=1: the groups changed since (their name, options or rules; or deleted: their products are " +
          "listed) and the categories renamed, in the order they were made. Every product of such a group shows " +
          "it as GET /shipping_groups/{id} or /tax_groups/{id} now does; a category's name `from` reads `to`.",
      }),
  })
  .meta({ "x-store-extension": true });

export interface CatalogueChanges {
  since: number;
  version: number;
  complete: boolean;
  details: ProductDetail[];
  removed: string[];
  /** With `withShifts`: the list order's shifts since, oldest first. */
  shifts?: (OrderShift & { version: number })[];
  /** With `withParts`: the groups changed and the categories renamed since, oldest first. */
  parts?: PartChange[];
}

export interface PartChange {
  version: number;
  kind: "shipping_group" | "tax_group" | "category";
  id: number;
  from: string | null;
  to: string | null;
}

/** What a client of the changes can take as one line rather than as every product it moved. */
export interface ChangesAsked {
  shifts?: boolean;
  parts?: boolean;
}

export async function catalogueChanges(
  tx: Queryable,
  since: number,
  { shifts: withShifts = false, parts: withParts = false }: ChangesAsked = {},
): Promise<CatalogueChanges> {
  const [row] = await tx
    .select({ version: catalogueVersion.version, changesFrom: catalogueVersion.changesFrom })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  if (!row) throw new Error("The catalogue_version row is missing: the database's migrations are incomplete.");
  const { version, changesFrom } = row;
  if (since > version) throw new ValidationError({ since: `is ahead of the catalogue's version (${version})` });
  const incomplete = { since, version, complete: false, details: [], removed: [] };
  if (since < changesFrom) return incomplete;
  const shifts = await tx
    .select({
      version: productOrderShifts.version,
      from: productOrderShifts.fromOrder,
      to: productOrderShifts.toOrder,
      by: productOrderShifts.by,
    })
    .from(productOrderShifts)
    .where(gt(productOrderShifts.version, since))
    .orderBy(asc(productOrderShifts.version), asc(productOrderShifts.id))
    .limit(withShifts ? MOST_CHANGED + 1 : 1);
  if (shifts.length > (withShifts ? MOST_CHANGED : 0)) return incomplete;
  const parts = await tx
    .select({
      version: cataloguePartChanges.version,
      kind: cataloguePartChanges.kind,
      id: cataloguePartChanges.refId,
      from: cataloguePartChanges.fromName,
      to: cataloguePartChanges.toName,
    })
    .from(cataloguePartChanges)
    .where(gt(cataloguePartChanges.version, since))
    .orderBy(asc(cataloguePartChanges.version), asc(cataloguePartChanges.id))
    .limit(withParts ? MOST_CHANGED + 1 : 1);
  if (parts.length > (withParts ? MOST_CHANGED : 0)) return incomplete;
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
  const details = await productDetails(tx, rows);
  const answer: CatalogueChanges = { since, version, complete: true, details, removed };
  if (withShifts)
    answer.shifts = shifts.map((s) => ({ version: s.version!, from: s.from, to: s.to, by: s.by === -1 ? -1 : 1 }));
  if (withParts) answer.parts = parts.map((p) => ({ ...p, version: p.version!, kind: p.kind as PartChange["kind"] }));
  return answer;
}

/** Read in one snapshot: the version said and the products listed are of the same moment (PostgreSQL). */
export const SNAPSHOT = { isolationLevel: "repeatable read", accessMode: "read only" } as const;
