import "server-only";
import { z } from "zod";
import { StoreApiError } from "../store/errors";
import type { StoreClient } from "../store/client";
import { matching } from "./matching";
import { catalogueSorts, type CatalogueQuery } from "./query";
import { openCatalogue } from "./registry";
import { catchUp } from "./writes";
import type { CatalogueWindow } from "./model";

/**
 * A window of the catalogue copy for the browser (GET /api/catalogue, docs/architecture.md#the-catalogue-copy):
 * the rows `offset`… of what matches the query, how many match, and the copy's version and phase,
 * so that the browser holds what it shows, not the catalogue. A query's matching rows are kept for
 * the copy's version (the next window of the same query is a slice).
 */

const windowParams = z.object({
  q: z.string().trim().max(200, "The search is at most 200 characters.").optional(),
  status: z.string().trim().max(40).optional(),
  category: z.string().trim().max(255).optional(),
  sort: z.enum(catalogueSorts).optional(),
  desc: z.enum(["0", "1"]).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(0).max(1000).default(100),
});

export function parseWindow(searchParams: URLSearchParams): CatalogueQuery & { offset: number; limit: number } {
  const parsed = windowParams.safeParse(Object.fromEntries(searchParams));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new StoreApiError({
      status: 422,
      code: "invalid_query",
      message: `${issue.path.join(".")}: ${issue.message}`,
    });
  }
  const { desc, ...rest } = parsed.data;
  return { ...rest, q: rest.q || undefined, desc: desc === "1" };
}

export async function catalogueWindow(store: StoreClient, searchParams: URLSearchParams): Promise<CatalogueWindow> {
  const { offset, limit, ...query } = parseWindow(searchParams);
  const copy = await openCatalogue(store);
  await catchUp(copy, store);
  if (copy.phase === "failed" || copy.phase === "too_big") {
    throw new StoreApiError({
      status: copy.phase === "too_big" ? 507 : 502,
      code: copy.phase === "too_big" ? "catalogue_too_big" : "catalogue_unavailable",
      message: copy.stats().lastError ?? "The catalogue could not be read from the store. Try again.",
    });
  }
  let matches = matching(copy, query);
  // "Nothing found" is said of a copy checked after the search was asked, when that is cheap (a product just made elsewhere).
  if (!matches.length && query.q) {
    await copy.refreshIfCheap();
    matches = matching(copy, query);
  }
  return {
    version: copy.version,
    phase: copy.phase === "ready" ? "ready" : "loading",
    expected: copy.phase === "ready" ? copy.stats().products : copy.expected,
    read: copy.stats().products,
    total: matches.length,
    offset,
    rows: matches.slice(offset, offset + limit),
  };
}
