import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import {
  StoreApiError,
  StoreAuthError,
  StoreForbiddenError,
  StoreNotFoundError,
  StoreRateLimitError,
  StoreResponseError,
  StoreScopeError,
  StoreValidationError,
  failureFrom,
} from "../errors";
import { listShippingGroups } from "../shipping/api";
import { groupCurrency, type ShippingGroup } from "../shipping/model";
import { listTaxGroups } from "../tax/api";
import { getProduct, listCatalogueProducts, listProducts } from "./api";
import {
  type BulkContext,
  type BulkGroup,
  type BulkProduct,
  type CatalogueLine,
  type CatalogueProduct,
  type MultiPayload,
  toBulkProduct,
} from "./model-bulk";
import type { ProductPage } from "./model";
import { type StockItem, stockOf } from "./model-inventory";
import { storeProductSchema, toProduct } from "./schema";

/**
 * The server side of the bulk grid (components/products/bulk/): the whole
 * catalogue read page after page and streamed as CatalogueLines
 * (GET /api/products/bulk), a few products read again (the conflict check,
 * GET /api/products/bulk/current), and the save through products_multi
 * (docs/contract.md#products_multi, lib/actions/products-bulk.ts). The
 * inventory's writes are api-inventory.ts's.
 */

/** products_multi needs the admin scope (docs/contract.md#scopes-and-permissions) and manage_products. */
const writeRequest = { scope: "admin", resource: "product", permission: "manage_products" } as const;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/* ---------- the catalogue stream ---------- */

export interface CatalogueOptions {
  /** Products per store page (docs/contract.md#catalogue-and-settings: 1–250). */
  pageSize?: number;
  /** Pages read at once when the store sent X-Total-Count. */
  parallel?: number;
  /** Pages read ahead at once without it (the ones past the end come back empty). */
  ahead?: number;
  /** Reading stops with an error line past this many products. */
  maxProducts?: number;
  /** How many more times a page is read after the client gave up on a run of 429s. */
  rateLimitRetries?: number;
  /** The wait before such a retry, times the retry's number (1, 2, 3…). */
  rateLimitWaitMs?: number;
  /** For tests: how a wait is waited. */
  sleep?: (ms: number) => Promise<void>;
  /** Labels the log lines of a failure. */
  where?: string;
  /** Each product with its options' and extras' stock (the inventory's stream, docs/bulk-editing.md#inventory). */
  stock?: boolean;
}

type PageLine = Extract<CatalogueLine, { type: "page" }>;
type StreamedProduct = CatalogueProduct & { stock?: StockItem[] };
type Settled = { ok: true; page: ProductPage<StreamedProduct> } | { ok: false; error: unknown };

function errorLine(error: unknown, where: string): CatalogueLine {
  const { status, code, error: sentence } = failureFrom(error, { where });
  return { type: "error", status, code, error: sentence };
}

/**
 * Every product of the store as BulkProducts, in the store's order
 * (docs/contract.md#lists), as CatalogueLines: `start`, one `page` line per
 * store page that holds products not sent yet, then `end` with the count.
 *
 * The first page is read when the first line is asked for, and its failure
 * is thrown: a caller (the route handler) asks for it before answering, so
 * a refusal is a proper error response. It tells whether the store sends
 * X-Total-Count: then the other pages are read `parallel` at a time and sent
 * in page order, each as soon as the ones before it are; without it, pages
 * are read `ahead` at a time until a short page.
 *
 * A later failure ends the lines with one `error` line. So does a store that
 * ignores `page` (a page that starts like an earlier one, or a full page of
 * products already sent) and a catalogue past `maxProducts`. A product that
 * comes twice (one created while reading moves the rest down a place) is
 * sent once. A run of 429s longer than the client waits out is waited out
 * here, `rateLimitRetries` more times.
 */
export async function* readCatalogue(
  store: StoreClient,
  options: CatalogueOptions = {},
): AsyncGenerator<CatalogueLine, void, undefined> {
  const {
    pageSize = 100,
    parallel = 4,
    ahead = 3,
    maxProducts = 100_000,
    rateLimitRetries = 3,
    rateLimitWaitMs = 2000,
    sleep = defaultSleep,
    where = "readCatalogue",
    stock = false,
  } = options;

  async function readPage(page: number): Promise<ProductPage<StreamedProduct>> {
    for (let retry = 1; ; retry++) {
      try {
        return await listCatalogueProducts(store, { page, count: pageSize }, { stock });
      } catch (error) {
        // The client already waited out Retry-After a few times (StoreClient's maxRetries).
        if (!(error instanceof StoreRateLimitError) || retry > rateLimitRetries) throw error;
        await sleep(rateLimitWaitMs * retry);
      }
    }
  }

  const first = await readPage(0);
  const total = first.total;
  yield { type: "start", total, pageSize };

  const sent = new Set<string>();
  const firstKeys = new Set<string>();
  let count = 0;

  /** The page's line, or why the reading stops. */
  function take(page: number, items: ProductPage<StreamedProduct>["items"]): PageLine | "ignored" {
    const head = items[0]?.key;
    if (head !== undefined) {
      if (firstKeys.has(head)) return "ignored";
      firstKeys.add(head);
    }
    const products: BulkProduct[] = [];
    for (const product of items) {
      if (sent.has(product.key)) continue;
      sent.add(product.key);
      products.push(toBulkProduct(product, product.stock));
    }
    if (items.length >= pageSize && products.length === 0) return "ignored";
    count += products.length;
    return { type: "page", page, products };
  }

  const ignoredPaging = () =>
    errorLine(
      new StoreResponseError({
        status: 502,
        code: "paging_ignored",
        message:
          "The store answered the same products for another page, so not every product could be read. Check that the store supports paging of its products list.",
        detail: `GET /api/v1/products: page answered like an earlier page after ${count} products`,
      }),
      where,
    );

  const tooMany = () =>
    errorLine(
      new StoreApiError({
        status: 422,
        code: "too_many_products",
        message: `The store has more than ${maxProducts.toLocaleString("en")} products: the bulk editor holds at most that many, so only the first ones were read.`,
      }),
      where,
    );

  /** Whether `page` (of `items`) is the last one: a short page, or the total reached. */
  const isLast = (page: number, items: readonly unknown[]) =>
    items.length < pageSize || (total !== null && (page + 1) * pageSize >= total);

  const line = take(0, first.items);
  if (line === "ignored") {
    yield ignoredPaging();
    return;
  }
  if (line.products.length) yield line;
  if (isLast(0, first.items)) {
    yield { type: "end", count };
    return;
  }

  // With a total, no page past it is read; without one, pages are read ahead until a short one.
  const lastPage = total !== null ? Math.ceil(total / pageSize) - 1 : Number.POSITIVE_INFINITY;
  const inFlight = Math.max(1, total !== null ? parallel : ahead);
  const reads = new Map<number, Promise<Settled>>();
  let launched = 1;

  for (let page = 1; ; page++) {
    if (count >= maxProducts) {
      yield tooMany();
      return;
    }
    while (launched <= lastPage && launched < page + inFlight) {
      // Settled, never rejected: a read left behind when the reading stops must not be an unhandled rejection.
      reads.set(
        launched,
        readPage(launched).then(
          (result): Settled => ({ ok: true, page: result }),
          (error: unknown): Settled => ({ ok: false, error }),
        ),
      );
      launched++;
    }
    const settled = await reads.get(page)!;
    reads.delete(page);
    if (!settled.ok) {
      yield errorLine(settled.error, where);
      return;
    }
    const { items } = settled.page;
    const next = take(page, items);
    if (next === "ignored") {
      yield ignoredPaging();
      return;
    }
    if (next.products.length) yield next;
    if (isLast(page, items)) break;
  }
  yield { type: "end", count };
}

/* ---------- products read again ---------- */

export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  run: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The given products as the store holds them now (one `GET /products/{key}`
 * each, 4 at a time), in the order asked; a key the store no longer knows is
 * `missing`. Any other failure fails the whole read.
 */
export async function readProducts(
  store: StoreClient,
  keys: readonly string[],
  { stock = false }: { stock?: boolean } = {},
): Promise<{ products: BulkProduct[]; missing: string[] }> {
  const unique = [...new Set(keys)];
  const found = new Map<string, BulkProduct>();
  const missing = new Set<string>();
  await eachLimited(unique, 4, async (key) => {
    try {
      const product = await getProduct(store, key);
      found.set(key, toBulkProduct(product, stock ? stockOf(product) : undefined));
    } catch (error) {
      if (!(error instanceof StoreNotFoundError)) throw error;
      missing.add(key);
    }
  });
  return {
    products: unique.flatMap((key) => (found.has(key) ? [found.get(key)!] : [])),
    missing: unique.filter((key) => missing.has(key)),
  };
}

/* ---------- the save ---------- */

/** The grid's property names, for the sentence of a refused cell. */
const propertyWords: Record<string, string> = {
  name: "name",
  name_short: "short name",
  sku: "SKU",
  status: "status",
  price: "price",
  sale_price: "sale price",
  cost: "cost",
  quantity: "quantity",
  weight: "weight",
  type: "type",
  shipping_group: "shipping group",
  tax_group: "tax group",
  order: "position",
};

/**
 * A refusal of products_multi in the grid's words: the store names each bad
 * value `products.<key>.<property>` (docs/contract.md#products_multi); those
 * keys are kept, so that the grid can mark the cells, each with a sentence
 * naming the property. A key may itself hold dots: the property is what
 * follows the last one.
 */
function bulkRefusal(error: StoreValidationError): StoreValidationError {
  const fields: Record<string, string> = {};
  const products = new Set<string>();
  let cells = 0;
  for (const [field, sentence] of Object.entries(error.fields)) {
    const match = /^products\.(.+)\.([^.]+)$/.exec(field);
    if (!match) {
      fields[field] = sentence;
      continue;
    }
    const [, key, property] = match as unknown as [string, string, string];
    products.add(key);
    cells++;
    const words = Object.hasOwn(propertyWords, property) ? propertyWords[property] : undefined;
    fields[field] = words ? `The store did not accept this ${words}.` : sentence;
  }
  const message =
    cells === 0
      ? "The store did not accept these changes."
      : cells === 1
        ? "The store did not accept one value. Correct the marked cell and save again."
        : `The store did not accept ${cells} values${products.size > 1 ? ` in ${products.size} products` : ""}. Correct the marked cells and save again.`;
  return new StoreValidationError({ status: error.status, code: error.code, detail: error.detail, fields, message });
}

/**
 * `PUT /api/v1/products_multi` with `products`, the payload as a JSON string
 * (docs/contract.md#products_multi). Answers the products whose stored values
 * changed, each as a single PUT shows it; an unreadable one is left out. A
 * refusal keeps the store's `products.<key>.<property>` fields.
 */
export async function updateProductsMulti(store: StoreClient, payload: MultiPayload): Promise<BulkProduct[]> {
  let answer: unknown[];
  try {
    answer = await store.request({
      ...writeRequest,
      method: "PUT",
      path: "/api/v1/products_multi",
      form: { products: payload },
      // Thousands of products in one transaction may take a store longer than a read; a write
      // that times out has an unknown outcome, so it is better waited for.
      timeoutMs: 60_000,
      // A list; a store that answers the one changed product alone is read too.
      schema: z.union([z.array(z.unknown()), z.looseObject({ key: z.unknown() }).transform((one) => [one])]),
    });
  } catch (error) {
    if (error instanceof StoreValidationError) throw bulkRefusal(error);
    throw error;
  }
  return answer.flatMap((raw) => {
    const parsed = storeProductSchema.safeParse(raw);
    return parsed.success ? [toBulkProduct(toProduct(parsed.data))] : [];
  });
}

/* ---------- what the grid needs beside the products ---------- */

type GroupProblem = "forbidden" | "missing" | "failed";

function groupProblem(error: unknown): GroupProblem {
  if (error instanceof StoreForbiddenError || error instanceof StoreScopeError) return "forbidden";
  if (error instanceof StoreNotFoundError || (error instanceof StoreApiError && error.status === 405)) return "missing";
  return "failed";
}

interface GroupList {
  groups: BulkGroup[];
  currency: string | null;
  problem: GroupProblem | null;
}

async function groupList(
  kind: "shipping" | "tax",
  read: () => Promise<Array<BulkGroup & Partial<Pick<ShippingGroup, "options">>>>,
): Promise<GroupList> {
  try {
    const groups = await read();
    const currency = groups.map((g) => (g.options ? groupCurrency({ options: g.options }) : null)).find(Boolean);
    return {
      groups: groups.map(({ id, name }) => ({ id: String(id), name })),
      currency: currency ?? null,
      problem: null,
    };
  } catch (error) {
    // A session that ended is the page's business (sign in again), not a note.
    if (error instanceof StoreAuthError) throw error;
    const problem = groupProblem(error);
    // Logged with the store's words; the note has ours.
    if (problem === "failed") failureFrom(error, { where: `loadBulkContext: ${kind} groups` });
    return { groups: [], currency: null, problem };
  }
}

const problemSentence: Record<GroupProblem, (groups: string) => string> = {
  forbidden: (groups) =>
    `Your store account may not list the ${groups} (that needs the permission to manage store settings), so they show as ids.`,
  missing: (groups) => `The store does not list its ${groups}, so they show as ids.`,
  failed: (groups) =>
    `The ${groups} could not be read from the store, so they show as ids. Reload the page to try again.`,
};

/** The note on the lists that could not be had: one sentence per problem, naming both lists when both share it. */
function groupsNote(shipping: GroupProblem | null, tax: GroupProblem | null): string | null {
  if (shipping && shipping === tax) return problemSentence[shipping]("shipping and tax groups");
  const sentences = [
    ...(shipping ? [problemSentence[shipping]("shipping groups")] : []),
    ...(tax ? [problemSentence[tax]("tax groups")] : []),
  ];
  return sentences.length ? sentences.join(" ") : null;
}

/**
 * The currency and the shipping and tax groups the grid's columns offer.
 * The currency is the products' (docs/contract.md#money: the store has one),
 * as the product editor finds it; for a store without products, its shipping
 * options', else USD. A group list the store refuses or fails is empty with
 * a note; only a session that ended fails the whole.
 */
export async function loadBulkContext(store: StoreClient): Promise<BulkContext> {
  const [firstProduct, shipping, tax] = await Promise.all([
    listProducts(store, { page: 0, count: 1 }).then(
      (page) => page.items[0] ?? null,
      (error: unknown) => {
        if (error instanceof StoreAuthError) throw error;
        return null;
      },
    ),
    groupList("shipping", () => listShippingGroups(store)),
    groupList("tax", () => listTaxGroups(store)),
  ]);
  return {
    currency: firstProduct?.currency ?? shipping.currency ?? "USD",
    shippingGroups: shipping.groups,
    taxGroups: tax.groups,
    note: groupsNote(shipping.problem, tax.problem),
  };
}
