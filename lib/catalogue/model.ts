import type { BulkProduct } from "../store/products/model-bulk";

/**
 * What GET /api/catalogue answers (lib/catalogue/window.ts): a window of the dashboard server's
 * catalogue copy (docs/architecture.md#the-catalogue-copy). Browser-safe: types and the query's
 * URL only.
 */
export interface CatalogueWindow {
  /** The copy's version: grows with every change of its rows. */
  version: number;
  /** "loading": the first reading of the store still runs (the rows so far); "ready": every page is in. */
  phase: "loading" | "ready";
  /** While loading, the products the store said it has (null: it did not say); then the copy's count. */
  expected: number | null;
  /** Products in the copy so far (of `expected` while loading). */
  read: number;
  /** How many products match the query (so far, while loading). */
  total: number;
  offset: number;
  rows: BulkProduct[];
}

export interface CatalogueWindowQuery {
  q?: string;
  status?: string;
  category?: string;
  sort?: string;
  desc?: boolean;
  offset: number;
  limit: number;
}

export function catalogueWindowUrl(query: CatalogueWindowQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.category) params.set("category", query.category);
  if (query.sort) params.set("sort", query.sort);
  if (query.desc) params.set("desc", "1");
  params.set("offset", String(query.offset));
  params.set("limit", String(query.limit));
  return `/api/catalogue?${params}`;
}
