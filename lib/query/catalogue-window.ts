"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type CatalogueWindow, type CatalogueWindowQuery, catalogueWindowUrl } from "../catalogue/model";
import { queryKeys } from "../query-keys";
import { fetchJson } from "./fetch-json";

/**
 * A window of the catalogue from the dashboard's server (GET /api/catalogue): the products list's
 * search, the command palette. While the server's copy is still being read for the first time the
 * window is asked again every half second (its rows and count grow), then every 5 s; the previous
 * window stays on screen while the next one comes.
 */
export function useCatalogueWindow(query: CatalogueWindowQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.products.catalogue(query),
    queryFn: ({ signal }) => fetchJson<CatalogueWindow>(catalogueWindowUrl(query), { signal }),
    enabled,
    placeholderData: keepPreviousData,
    // Changes made elsewhere reach the server's copy within seconds; an open search follows them.
    refetchInterval: (current) => (current.state.data?.phase === "loading" ? 500 : 5000),
  });
}
