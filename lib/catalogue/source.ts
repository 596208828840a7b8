import "server-only";
import { z } from "zod";
import type { StoreClient } from "../store/client";
import { StoreApiError, StoreResponseError } from "../store/errors";
import { readCatalogue } from "../store/products/api-bulk";
import { type BulkProduct, toBulkProduct } from "../store/products/model-bulk";
import { storeStockProductSchema, toStockProduct } from "../store/products/schema";
import type { CatalogueChanges, CatalogueSource } from "./copy";

/**
 * How the catalogue copy (./copy.ts) reads a store that follows the contract: every page of
 * GET /products with the options' and extras' stock (readCatalogue, as the grids' stream did), and
 * the version of the whole catalogue from a one-product page's `X-Catalogue-Version` or `ETag` when
 * the store sends one (our store's extension, docs/contract.md#extensions: they change whenever any
 * product does). A store without them is simply read again.
 */
export function storeSource({
  maxProducts,
  parallel,
}: {
  maxProducts: number;
  parallel: number;
}): CatalogueSource<StoreClient> {
  return {
    async readAll(store, onPage) {
      const lines = readCatalogue(store, {
        pageSize: 250,
        parallel,
        stock: true,
        maxProducts,
        where: "the catalogue copy",
      });
      let total: number | null = null;
      for await (const line of lines) {
        if (line.type === "start") total = line.total;
        else if (line.type === "page") onPage(line.products as BulkProduct[], total);
        else if (line.type === "error")
          throw new StoreResponseError({ status: line.status, code: line.code, message: line.error });
      }
    },
    version: catalogueVersion,
    changes: catalogueChanges,
  };
}

const changesSchema = z.object({
  version: z.number().int(),
  complete: z.boolean(),
  products: z.array(storeStockProductSchema.transform(toStockProduct)),
  removed: z.array(z.string()),
  shifts: z
    .array(z.object({ from: z.number().int(), to: z.number().int().nullable(), by: z.number().int() }))
    .optional(),
  parts: z
    .array(z.object({ kind: z.string(), from: z.string().nullable().optional(), to: z.string().nullable().optional() }))
    .optional(),
});

/** Changes of groups ask nothing of the copy (its rows name groups by id); a category renamed, its name. */
const GROUP_KINDS = new Set(["shipping_group", "tax_group"]);

/**
 * The catalogue's changes since the store's version `since` (`GET /products_changes`, our store's
 * extension: docs/contract.md#extensions): the products changed since, whole with their stock, and the
 * keys deleted, the shifts of the list's order (asked for with `shifts=1`: the copy moves its own rows
 * the same way) and the groups changed and categories renamed (`parts=1`: the copy renames its rows'
 * categories), with the version they bring the copy to; `complete: false` when the store does not know
 * them, or tells a change of a kind this dashboard does not know (read every page again). Null from a store without the extension (a 404, or the 405 of a
 * store that routes the path elsewhere): the copy does not ask it again.
 */
export async function catalogueChanges(store: StoreClient, since: string): Promise<CatalogueChanges | null> {
  try {
    const body = await store.request({
      scope: "admin",
      resource: "product",
      path: "/api/v1/products_changes",
      query: { since, shifts: 1, parts: 1 },
      schema: changesSchema,
    });
    const parts = body.parts ?? [];
    const known = parts.every(
      (part) => GROUP_KINDS.has(part.kind) || (part.kind === "category" && part.from && part.to),
    );
    return {
      version: String(body.version),
      complete: body.complete && known,
      rows: body.products.map((product) => toBulkProduct(product, product.stock)),
      removed: body.removed,
      shifts: body.shifts ?? [],
      renames: parts.flatMap((part) => (part.kind === "category" ? [{ from: part.from!, to: part.to! }] : [])),
    };
  } catch (error) {
    if (error instanceof StoreApiError && (error.status === 404 || error.status === 405)) return null;
    throw error;
  }
}

/**
 * The smallest read of the products list (one product): the store's version of its whole catalogue
 * when it says one (`X-Catalogue-Version`, the same on every instance; else its `ETag`), or null. A
 * refusal is the store's own error: the read doubles as the access check (./access.ts).
 */
export async function catalogueVersion(store: StoreClient): Promise<string | null> {
  const { headers } = await store.requestWithHeaders({
    scope: "admin",
    resource: "product",
    path: "/api/v1/products",
    query: { page: 0, count: 1 },
    schema: z.unknown(),
  });
  return headers.get("x-catalogue-version") ?? headers.get("etag");
}
