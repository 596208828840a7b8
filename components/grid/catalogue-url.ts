/** Where the grid reads the whole catalogue from (app/api/products/bulk/route.ts), as NDJSON lines. */
export const CATALOGUE_URL = "/api/products/bulk";
