"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { BulkCurrent, BulkProduct, CatalogueLine } from "../../lib/store/products/model-bulk";
import { CATALOGUE_URL } from "./catalogue-url";

/**
 * The whole catalogue, streamed into the grid (docs/bulk-editing.md#loading),
 * and read again for a save's conflict check: the rows both grids are made
 * of (the bulk editor's products, the inventory's options), which the
 * products list and the command palette search too.
 * The dashboard's server reads the store page after page (in parallel when
 * the store sends X-Total-Count) and sends one NDJSON line per page
 * (GET /api/products/bulk); the grid is usable from the first page on.
 * A server action would be the wrong pipe: Next runs a client's actions one
 * at a time, and an action's answer is not streamed.
 */

export type CatalogueState =
  | { phase: "loading"; products: BulkProduct[]; total: number | null }
  | { phase: "done"; products: BulkProduct[]; total: number }
  | { phase: "failed"; products: BulkProduct[]; total: number | null; error: string };

/** Reads NDJSON lines from a fetch body as they arrive. */
export async function* ndjsonLines<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let newline = buffered.indexOf("\n");
      while (newline >= 0) {
        const line = buffered.slice(0, newline).trim();
        buffered = buffered.slice(newline + 1);
        if (line) yield JSON.parse(line) as T;
        newline = buffered.indexOf("\n");
      }
    }
    if (buffered.trim()) yield JSON.parse(buffered) as T;
  } finally {
    reader.releaseLock();
  }
}

/** The sentence of a failed JSON answer (lib/failure.ts shape), or a general one. */
async function failureSentence(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string" && body.error) return body.error;
  } catch {
    // Not JSON: the general sentence below.
  }
  return `The products could not be loaded (HTTP ${response.status}). Try again.`;
}

export interface CatalogueReader {
  state: CatalogueState;
  /** Reads the catalogue again from the start (after a failure, or to refresh). */
  reload: () => void;
  /** Replaces loaded products by key (after a save or "take theirs"). */
  replace: (products: readonly BulkProduct[]) => void;
  /** Takes loaded products out by key (deleted elsewhere on the page: the products list's search). */
  remove: (keys: readonly string[]) => void;
}

/**
 * Streams `url` (GET /api/products/bulk by default) into state. Pages are
 * appended as they come; React renders at most once per animation frame.
 */
export function useCatalogue(url = CATALOGUE_URL): CatalogueReader {
  const [state, setState] = useState<CatalogueState>({ phase: "loading", products: [], total: null });
  const [generation, setGeneration] = useState(0);
  const frame = useRef<number | null>(null);
  // The products read so far, shared by the reading and `replace` (a save may land while pages still arrive).
  const loaded = useRef<BulkProduct[]>([]);
  const phase = useRef<{ phase: CatalogueState["phase"]; total: number | null; error: string }>({
    phase: "loading",
    total: null,
    error: "",
  });

  const flush = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      const { phase: now, total, error } = phase.current;
      const products = loaded.current;
      setState(
        now === "done"
          ? { phase: "done", products, total: products.length }
          : now === "failed"
            ? { phase: "failed", products, total, error }
            : { phase: "loading", products, total },
      );
    });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    loaded.current = [];
    phase.current = { phase: "loading", total: null, error: "" };

    (async () => {
      try {
        // No headers of its own: the page's preload of the same request (products/bulk/page.tsx) is used.
        const response = await fetch(url, { signal: controller.signal });
        if (!response.ok || !response.body) throw new Error(await failureSentence(response));
        for await (const line of ndjsonLines<CatalogueLine>(response.body)) {
          if (line.type === "start") {
            phase.current = { ...phase.current, total: line.total };
            flush();
          } else if (line.type === "page") {
            loaded.current = loaded.current.concat(line.products);
            flush();
          } else if (line.type === "end") {
            phase.current = { ...phase.current, phase: "done" };
            flush();
            return;
          } else if (line.type === "error") {
            throw new Error(line.error);
          }
        }
        throw new Error("The connection to the dashboard ended before every product was loaded. Try again.");
      } catch (error) {
        if (controller.signal.aborted) return;
        const message =
          error instanceof TypeError
            ? "The dashboard could not be reached to load the products. Check the connection and try again."
            : error instanceof Error
              ? error.message
              : String(error);
        phase.current = { ...phase.current, phase: "failed", error: message };
        flush();
      }
    })();

    return () => {
      controller.abort();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
      frame.current = null;
    };
  }, [url, generation, flush]);

  const reload = useCallback(() => {
    setState({ phase: "loading", products: [], total: null });
    setGeneration((g) => g + 1);
  }, []);

  const replace = useCallback(
    (updated: readonly BulkProduct[]) => {
      if (!updated.length) return;
      const byKey = new Map(updated.map((p) => [p.key, p]));
      loaded.current = loaded.current.map((p) => byKey.get(p.key) ?? p);
      flush();
    },
    [flush],
  );

  const remove = useCallback(
    (keys: readonly string[]) => {
      if (!keys.length) return;
      const gone = new Set(keys);
      loaded.current = loaded.current.filter((p) => !gone.has(p.key));
      flush();
    },
    [flush],
  );

  return { state, reload, replace, remove };
}

/** Reads the whole catalogue once (the conflict check of a large save); throws a sentence on failure. */
export async function readCatalogueOnce(url = CATALOGUE_URL): Promise<BulkProduct[]> {
  const response = await fetch(url, { headers: { Accept: "application/x-ndjson" } });
  if (!response.ok || !response.body) throw new Error(await failureSentence(response));
  let products: BulkProduct[] = [];
  for await (const line of ndjsonLines<CatalogueLine>(response.body)) {
    if (line.type === "page") products = products.concat(line.products);
    else if (line.type === "error") throw new Error(line.error);
    else if (line.type === "end") return products;
  }
  throw new Error("The connection to the dashboard ended before every product was read. Try again.");
}

/** Re-reading this many products one by one is quicker than reading the catalogue again. */
const REREAD_ONE_BY_ONE = 50;

/**
 * Products as the store holds them now (the conflict check): one by one
 * through GET /api/products/bulk/current up to 50, else the whole catalogue
 * again; each product once. `stock`: with their options' and extras' stock
 * (the inventory's).
 */
export async function readProductsNow(
  keys: readonly string[],
  { stock = false }: { stock?: boolean } = {},
): Promise<Map<string, BulkProduct>> {
  const unique = [...new Set(keys)];
  if (unique.length > REREAD_ONE_BY_ONE) {
    return new Map((await readCatalogueOnce(`${CATALOGUE_URL}${stock ? "?with=stock" : ""}`)).map((p) => [p.key, p]));
  }
  const response = await fetch(
    `${CATALOGUE_URL}/current?keys=${unique.map(encodeURIComponent).join(",")}${stock ? "&with=stock" : ""}`,
  );
  const body = (await response.json().catch(() => null)) as (Partial<BulkCurrent> & { error?: string }) | null;
  if (!response.ok || !body?.products) {
    throw new Error(body?.error ?? `The store could not be read (HTTP ${response.status}).`);
  }
  return new Map(body.products.map((p) => [p.key, p]));
}
