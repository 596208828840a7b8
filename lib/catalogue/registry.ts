import "server-only";
import { getEnv } from "../env";
import type { StoreClient } from "../store/client";
import type { BulkProduct } from "../store/products/model-bulk";
import { confirmAccess } from "./access";
import { CatalogueCopy, type CopyStats } from "./copy";
import { prepareRows } from "./query";
import { sortedRows } from "./sorted";
import { storeSource } from "./source";
import { indexLater } from "./word-index";

/**
 * One catalogue copy per store this dashboard talks to (docs/architecture.md#the-catalogue-copy),
 * shared by every person and visit on this instance: module state, kept across requests (and
 * across Next's hot reloads in development, on globalThis).
 */
type Copies = Map<string, CatalogueCopy<StoreClient>>;
const holder = globalThis as typeof globalThis & { __storeAdminCatalogues?: Copies };
const copies: Copies = (holder.__storeAdminCatalogues ??= new Map());

function copyFor(baseUrl: string): CatalogueCopy<StoreClient> {
  const kept = copies.get(baseUrl);
  if (kept) return kept;
  const env = getEnv();
  const maxBytes = env.CATALOGUE_MEMORY_MB * 2 ** 20;
  // A product as the copy holds it is about 1 kB with its stock: the count follows the memory bound.
  const copy: CatalogueCopy<StoreClient> = new CatalogueCopy(
    storeSource({ maxProducts: Math.max(1000, Math.floor(maxBytes / 400)), parallel: 4 }),
    {
      maxBytes,
      revalidateMs: env.CATALOGUE_REVALIDATE_SECONDS * 1000,
      busyShare: 0.5,
      idleMs: 10 * 60_000,
      onEvent: (event, stats) => {
        console.info(`[catalogue] ${event}: ${describe(stats)}`);
        if (event !== "failed") warmLater(copy);
      },
      onPage: prepareLater,
    },
  );
  copies.set(baseUrl, copy);
  return copy;
}

/**
 * Prepares rows for searching and sorting (./query.ts prepareRows) as a reading brings them, a page
 * (250 rows) a turn of the event loop: requests keep being answered meanwhile, and the first search
 * of a big catalogue finds its texts and sort keys made (at 100,000 products they cost 2.4 s,
 * bench/RESULTS.md). One queue for every copy of this instance.
 */
const toPrepare: (readonly BulkProduct[])[] = [];
let preparing = false;

function prepareLater(rows: readonly BulkProduct[]) {
  toPrepare.push(rows);
  if (preparing) return;
  preparing = true;
  const step = () => {
    const next = toPrepare.shift();
    if (next) prepareRows(next);
    if (toPrepare.length) setImmediate(step);
    else preparing = false;
  };
  setImmediate(step);
}

/** Copies whose word index and string sorts are made for their last reading (or re-read that changed rows). */
const prepared = new WeakSet<object>();

/**
 * Once a reading ends, or rows changed: the copy's word index (./word-index.ts) and its orders by
 * name and SKU (./sorted.ts, the two sorts that compare strings) are made again in the background,
 * or brought up to date when a few rows changed, so that nobody's first search or sort waits for
 * them (at 100,000 products up to half a second each, bench/RESULTS.md). A sort asked for before
 * then is made at once, as before; a search scans. /metrics says when it is done, and the log when
 * that took a while.
 */
function warmLater(copy: CatalogueCopy<StoreClient>) {
  prepared.delete(copy);
  const started = Date.now();
  indexLater(copy, () =>
    setImmediate(() => {
      sortedRows(copy, "name");
      setImmediate(() => {
        sortedRows(copy, "sku");
        // The rows' places (made at the first ask for one): a search of a few rows sorts by them.
        const first = copy.rows()[0];
        if (first) copy.place(first.key);
        prepared.add(copy);
        const took = Date.now() - started;
        if (took >= 100) console.info(`[catalogue] prepared for search and sort in ${(took / 1000).toFixed(1)} s`);
      });
    }),
  );
}

/**
 * The store's catalogue copy for a person (their store client, bound to their request): refused
 * with the store's own error when the store does not accept their token for products, else the
 * copy, read now if it never was, with at least its first page in.
 */
export async function openCatalogue(store: StoreClient): Promise<CatalogueCopy<StoreClient>> {
  await confirmAccess(store);
  const copy = copyFor(store.baseUrl);
  await copy.use(store.detached());
  return copy;
}

/** The store's copy when one was opened on this instance (a write has nothing to tell otherwise). */
export function existingCatalogue(baseUrl: string): CatalogueCopy<StoreClient> | undefined {
  return copies.get(baseUrl);
}

/** The log's line: how big, how old, how often revalidated ("loaded: 100,000 products, 48.2 MB, …"). */
export function describe(stats: CopyStats, now = Date.now()): string {
  const age =
    stats.freshAt === null
      ? "never matched the store"
      : `matched the store ${((now - stats.freshAt) / 1000).toFixed(1)} s ago`;
  const how = stats.versioned ? "checked by the store's version" : "read again whole";
  return [
    `${stats.products.toLocaleString("en")} products`,
    `${(stats.bytes / 2 ** 20).toFixed(1)} MB`,
    age,
    `${stats.revalidations} revalidations (${stats.changes} found a change, ${stats.rereads} whole re-reads; ${how})`,
    ...(stats.lastError ? [`last failure: ${stats.lastError}`] : []),
  ].join(", ");
}

/** What /metrics and the log say of each copy, and whether it is prepared for search and sort (warmLater). */
export function catalogueStats(): (CopyStats & { prepared: boolean })[] {
  // Not the stores' addresses: one may carry credentials (docs/architecture.md#operations).
  return [...copies.values()].map((copy) => ({ ...copy.stats(), prepared: prepared.has(copy) }));
}
