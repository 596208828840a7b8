import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { StoreForbiddenError, StoreValidationError, failureFrom } from "../errors";
import { loadBulkContext, readCatalogue, readProducts, updateProductsMulti } from "./api-bulk";
import { bulkSaveInput } from "./input-bulk";
import type { CatalogueLine } from "./model-bulk";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

const raw = (key: string) => ({
  key,
  name: `Product ${key}`,
  price: "$12.50",
  price_raw: 12.5,
  currency: "USD",
  modified: 1_700_000_000,
  shipping_group: { id: 3, name: "Standard" },
});

const catalogue = (n: number) => Array.from({ length: n }, (_, i) => raw(`p${i}`));

interface Answer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before answering. */
  delay?: number;
}

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  contentType: string | undefined;
}

/** A store on the loopback answering `route`; what it saw, and the most requests it held at once. */
async function store(route: (request: Seen) => Answer | undefined, clientOptions: { maxRetries?: number } = {}) {
  const seen: Seen[] = [];
  let open = 0;
  const stats = { maxOpen: 0 };
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      const request = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        body,
        contentType: req.headers["content-type"],
      };
      seen.push(request);
      open++;
      stats.maxOpen = Math.max(stats.maxOpen, open);
      const answer = route(request) ?? { status: 404, body: { error: "not_found" } };
      setTimeout(() => {
        open--;
        res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
        res.end(JSON.stringify(answer.body));
      }, answer.delay ?? 0);
    });
  });
  // Requests the client has sent whose answer is not read yet (a stopped reading leaves a few behind).
  let pending = 0;
  const countingFetch: typeof fetch = async (input, init) => {
    pending++;
    try {
      const response = await fetch(input, init);
      const text = await response.text();
      return new Response(text, { status: response.status, headers: response.headers });
    } finally {
      pending--;
    }
  };
  // No real waits in tests: Retry-After is still read, the sleep is instant.
  const client = new StoreClient({
    baseUrl,
    accessToken: "tok",
    fetch: countingFetch,
    sleep: async () => {},
    ...clientOptions,
  });
  /**
   * Resolves once every request the client sent is answered, so that
   * closing the server after the test need not wait for their connections.
   */
  async function idle() {
    while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { client, seen, stats, idle };
}

/** The products list of `products`, paged as the contract says, with or without X-Total-Count. */
function productsList(
  products: unknown[],
  { total = true, delay }: { total?: boolean; delay?: (page: number) => number } = {},
) {
  return (request: Seen): Answer | undefined => {
    if (request.path !== "/api/v1/products") return undefined;
    const page = Number(request.query.get("page"));
    const count = Number(request.query.get("count"));
    return {
      body: products.slice(page * count, (page + 1) * count),
      headers: total ? { "X-Total-Count": String(products.length) } : {},
      delay: delay?.(page),
    };
  };
}

async function collect(lines: AsyncIterable<CatalogueLine>): Promise<CatalogueLine[]> {
  const all: CatalogueLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

const pagesOf = (lines: CatalogueLine[]) => lines.flatMap((l) => (l.type === "page" ? [l.page] : []));
const keysOf = (lines: CatalogueLine[]) =>
  lines.flatMap((l) => (l.type === "page" ? l.products.map((p) => p.key) : []));
const requestedPages = (seen: Seen[]) =>
  seen.filter((s) => s.path === "/api/v1/products").map((s) => Number(s.query.get("page")));

describe("readCatalogue", () => {
  it("with X-Total-Count, reads the other pages in parallel and sends them in page order", async () => {
    const products = catalogue(1050);
    // Later pages answer sooner: the order of the lines must not follow the answers.
    const { client, seen, stats, idle } = await store(productsList(products, { delay: (page) => (12 - page) * 8 }));
    const lines = await collect(readCatalogue(client));
    await idle();

    expect(lines[0]).toEqual({ type: "start", total: 1050, pageSize: 100 });
    expect(pagesOf(lines)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(keysOf(lines)).toEqual(products.map((p) => p.key));
    expect(lines.at(-1)).toEqual({ type: "end", count: 1050 });
    // Exactly the pages the total names, each once, 100 at a time; a few at once, never more than 4.
    expect(requestedPages(seen).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(seen.every((s) => s.query.get("count") === "100")).toBe(true);
    expect(stats.maxOpen).toBeGreaterThan(1);
    expect(stats.maxOpen).toBeLessThanOrEqual(4);
  });

  it("maps each product to the grid's BulkProduct", async () => {
    const { client, idle } = await store(productsList(catalogue(1)));
    const lines = await collect(readCatalogue(client));
    await idle();
    expect(lines).toEqual([
      { type: "start", total: 1, pageSize: 100 },
      {
        type: "page",
        page: 0,
        products: [
          expect.objectContaining({
            key: "p0",
            name: "Product p0",
            price: 1250,
            shippingGroup: "3",
            modified: 1_700_000_000,
          }),
        ],
      },
      { type: "end", count: 1 },
    ]);
  });

  it("without X-Total-Count, pages until a short page, a few ahead", async () => {
    const products = catalogue(250);
    const { client, seen, idle } = await store(productsList(products, { total: false, delay: () => 10 }));
    const lines = await collect(readCatalogue(client));
    await idle();

    expect(lines[0]).toEqual({ type: "start", total: null, pageSize: 100 });
    expect(pagesOf(lines)).toEqual([0, 1, 2]);
    expect(keysOf(lines)).toEqual(products.map((p) => p.key));
    expect(lines.at(-1)).toEqual({ type: "end", count: 250 });
    // Read ahead: at most 3 past the first page, none beyond.
    expect(Math.max(...requestedPages(seen))).toBeLessThanOrEqual(4);
  });

  it("without X-Total-Count, an exact multiple of 100 ends with an empty page", async () => {
    const products = catalogue(300);
    const { client, seen, idle } = await store(productsList(products, { total: false }));
    const lines = await collect(readCatalogue(client));
    await idle();

    expect(pagesOf(lines)).toEqual([0, 1, 2]);
    expect(keysOf(lines)).toHaveLength(300);
    expect(lines.at(-1)).toEqual({ type: "end", count: 300 });
    expect(requestedPages(seen)).toContain(3);
  });

  it("an empty catalogue is a start and an end", async () => {
    const { client } = await store(productsList([], { total: false }));
    expect(await collect(readCatalogue(client))).toEqual([
      { type: "start", total: null, pageSize: 100 },
      { type: "end", count: 0 },
    ]);
  });

  it("waits out a 429 with Retry-After in the middle and goes on", async () => {
    const products = catalogue(450);
    const list = productsList(products);
    let refused = 0;
    const { client, idle } = await store((request) => {
      if (request.query.get("page") === "2" && refused < 2) {
        refused++;
        return { status: 429, body: { error: "rate_limited" }, headers: { "Retry-After": "1" } };
      }
      return list(request);
    });
    const lines = await collect(readCatalogue(client));
    await idle();
    expect(refused).toBe(2);
    expect(keysOf(lines)).toEqual(products.map((p) => p.key));
    expect(lines.at(-1)).toEqual({ type: "end", count: 450 });
  });

  it("reads a page again when a run of 429s outlasts the client's retries", async () => {
    const products = catalogue(250);
    const list = productsList(products, { total: false });
    let refused = 0;
    // The client retries once; the store refuses page 1 four times in a row.
    const { client, idle } = await store(
      (request) => {
        if (request.query.get("page") === "1" && refused < 4) {
          refused++;
          return { status: 429, body: { error: "rate_limited" }, headers: { "Retry-After": "0" } };
        }
        return list(request);
      },
      { maxRetries: 1 },
    );
    const waits: number[] = [];
    const lines = await collect(
      readCatalogue(client, { sleep: async (ms) => void waits.push(ms), rateLimitWaitMs: 2000 }),
    );
    await idle();
    expect(refused).toBe(4);
    expect(waits).toEqual([2000, 4000]);
    expect(keysOf(lines)).toEqual(products.map((p) => p.key));
    expect(lines.at(-1)).toEqual({ type: "end", count: 250 });
  });

  it("ends with an error line when a 429 run outlasts its own retries too", async () => {
    const list = productsList(catalogue(250));
    const { client, idle } = await store(
      (request) =>
        request.query.get("page") === "1" ? { status: 429, body: { error: "rate_limited" } } : list(request),
      { maxRetries: 0 },
    );
    const waits: number[] = [];
    const lines = await collect(readCatalogue(client, { sleep: async (ms) => void waits.push(ms) }));
    await idle();
    expect(waits).toEqual([2000, 4000, 6000]);
    expect(lines.at(-1)).toMatchObject({ type: "error", status: 429, code: "rate_limited" });
  });

  it("a failure part way is one error line after the pages read", async () => {
    const list = productsList(catalogue(650));
    const { client, idle } = await store((request) =>
      request.query.get("page") === "3" ? { status: 500, body: { error: "server_error" } } : list(request),
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const lines = await collect(readCatalogue(client));
    await idle();
    error.mockRestore();

    expect(lines[0]).toMatchObject({ type: "start", total: 650 });
    expect(pagesOf(lines)).toEqual([0, 1, 2]);
    expect(lines.at(-1)).toEqual({
      type: "error",
      status: 500,
      code: "server_error",
      error: "The store had a problem (HTTP 500). Try again in a moment.",
    });
    expect(lines.filter((l) => l.type === "end")).toEqual([]);
  });

  it("a failure of the first page is thrown, not a line", async () => {
    const { client } = await store(() => ({ status: 403, body: { error: "forbidden" } }));
    await expect(readCatalogue(client).next()).rejects.toBeInstanceOf(StoreForbiddenError);
  });

  it.each([
    ["without X-Total-Count", {}],
    ["with X-Total-Count", { "X-Total-Count": "1000" }],
  ])("stops with an error line when the store ignores paging (%s)", async (_, headers) => {
    const first = catalogue(100);
    const { client, seen, idle } = await store((request) =>
      request.path === "/api/v1/products" ? { body: first, headers } : undefined,
    );
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const lines = await collect(readCatalogue(client));
    await idle();
    error.mockRestore();

    expect(pagesOf(lines)).toEqual([0]);
    expect(lines.at(-1)).toMatchObject({ type: "error", status: 502, code: "paging_ignored" });
    expect(seen.length).toBeLessThanOrEqual(5);
  });

  it("sends a product that comes twice (moved down a place while reading) once", async () => {
    const products = catalogue(150);
    const { client, idle } = await store((request) => {
      if (request.path !== "/api/v1/products") return undefined;
      // Page 1 starts with the last product of page 0, as after a product was created at the top.
      const page = request.query.get("page");
      return { body: page === "0" ? products.slice(0, 100) : page === "1" ? products.slice(99) : [] };
    });
    const lines = await collect(readCatalogue(client));
    await idle();
    expect(keysOf(lines)).toEqual(products.map((p) => p.key));
    expect(lines.at(-1)).toEqual({ type: "end", count: 150 });
  });

  it("stops at the cap with an error line", async () => {
    const { client, idle } = await store(productsList(catalogue(500), { total: false }));
    const lines = await collect(readCatalogue(client, { maxProducts: 200 }));
    await idle();
    expect(keysOf(lines)).toHaveLength(200);
    expect(lines.at(-1)).toMatchObject({ type: "error", status: 422, code: "too_many_products" });
  });
});

describe("readProducts", () => {
  it("reads each product again, 4 at a time; a 404 is missing", async () => {
    const { client, seen, stats } = await store((request) => {
      const key = decodeURIComponent(request.path.replace("/api/v1/products/", ""));
      return key.startsWith("gone") ? undefined : { body: raw(key), delay: 20 };
    });
    const keys = ["a", "gone1", "b", "c", "d", "e", "gone2", "a"];
    const result = await readProducts(client, keys);
    expect(result.products.map((p) => p.key)).toEqual(["a", "b", "c", "d", "e"]);
    expect(result.missing).toEqual(["gone1", "gone2"]);
    expect(seen).toHaveLength(7);
    expect(stats.maxOpen).toBeLessThanOrEqual(4);
  });

  it("fails on any other failure", async () => {
    const { client } = await store(() => ({ status: 403, body: { error: "forbidden" } }));
    await expect(readProducts(client, ["a"])).rejects.toBeInstanceOf(StoreForbiddenError);
  });
});

describe("updateProductsMulti", () => {
  it("sends the payload as the JSON form field `products` and reads the changed products", async () => {
    const { client, seen } = await store((request) =>
      request.path === "/api/v1/products_multi"
        ? { body: [{ ...raw("a"), price_raw: 9, price: "$9.00" }, { unreadable: true }, raw("b")] }
        : undefined,
    );
    const payload = {
      a: { price: "9.00", sale_price: null, name: "Mug «blue» & co" },
      b: { price: 12.5, sale_price: "", name: "Tee" },
    };
    const changed = await updateProductsMulti(client, payload);

    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "PUT", path: "/api/v1/products_multi" });
    expect(seen[0]!.contentType).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(seen[0]!.body);
    expect([...form.keys()]).toEqual(["products"]);
    expect(JSON.parse(form.get("products")!)).toEqual(payload);

    expect(changed.map((p) => [p.key, p.price])).toEqual([
      ["a", 900],
      ["b", 1250],
    ]);
  });

  it("reads an answer of no changes, and one product alone", async () => {
    let answer: unknown = [];
    const { client } = await store(() => ({ body: answer }));
    expect(await updateProductsMulti(client, { a: { name: "A" } })).toEqual([]);
    answer = raw("a");
    expect((await updateProductsMulti(client, { a: { name: "A" } })).map((p) => p.key)).toEqual(["a"]);
  });

  it("keeps the store's products.<key>.<property> fields through to the failure the browser gets", async () => {
    const { client } = await store(() => ({
      status: 422,
      body: {
        error: "validation_failed",
        error_description: "2 products have a bad value",
        fields: {
          products: "price of a must be an amount (2 products)",
          "products.a.price": "must be an amount",
          "products.v1.2.tax_group": "names no tax group",
        },
      },
    }));
    const error = await updateProductsMulti(client, { a: { price: "x" }, "v1.2": { price: "1" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreValidationError);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failure = failureFrom(error, { where: "action" });
    warn.mockRestore();
    expect(failure).toEqual({
      status: 422,
      code: "validation_failed",
      error: "The store did not accept 2 values in 2 products. Correct the marked cells and save again.",
      fieldErrors: {
        products: "The store did not accept this value.",
        "products.a.price": "The store did not accept this price.",
        "products.v1.2.tax_group": "The store did not accept this tax group.",
      },
    });
  });
});

describe("bulkSaveInput", () => {
  const ok = (products: unknown) => bulkSaveInput.safeParse({ products }).success;

  it("takes products with one set of the grid's properties", () => {
    expect(ok({ a: { price: "1.00", sale_price: null }, b: { sale_price: 2, price: "3" } })).toBe(true);
  });

  it("refuses mixed sets, unknown properties, bad keys, long values and empty or huge saves", () => {
    expect(ok({ a: { price: "1" }, b: { name: "B" } })).toBe(false);
    expect(ok({ a: { description: "x" } })).toBe(false);
    expect(ok({ a: {} })).toBe(false);
    expect(ok({})).toBe(false);
    expect(ok({ "a/b": { name: "x" } })).toBe(false);
    expect(ok({ ["k".repeat(256)]: { name: "x" } })).toBe(false);
    expect(ok({ a: { name: "x".repeat(1001) } })).toBe(false);
    expect(ok({ a: { name: true } })).toBe(false);
    expect(ok({ a: { quantity: Number.POSITIVE_INFINITY } })).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, { name: "x" }]));
    expect(ok(many)).toBe(false);
    delete many.k0;
    expect(ok(many)).toBe(true);
  });
});

describe("loadBulkContext", () => {
  it("lists the groups with their ids as strings, and the products' currency", async () => {
    const { client } = await store((request) => {
      if (request.path === "/api/v1/products") return { body: [{ ...raw("a"), currency: "EUR" }] };
      if (request.path === "/api/v1/shipping_groups") return { body: [{ id: 1, name: "Standard", options: [] }] };
      if (request.path === "/api/v1/tax_groups") return { body: [{ id: 7, name: "Reduced", rules: [] }] };
      return undefined;
    });
    expect(await loadBulkContext(client)).toEqual({
      currency: "EUR",
      shippingGroups: [{ id: "1", name: "Standard" }],
      taxGroups: [{ id: "7", name: "Reduced" }],
      note: null,
    });
  });

  it("leaves a refused list empty with a note, and falls back to USD", async () => {
    const { client } = await store((request) => {
      if (request.path === "/api/v1/products") return { body: [] };
      return { status: 403, body: { error: "forbidden" } };
    });
    const context = await loadBulkContext(client);
    expect(context).toMatchObject({ currency: "USD", shippingGroups: [], taxGroups: [] });
    expect(context.note).toBe(
      "Your store account may not list the shipping and tax groups (that needs the permission to manage store settings), so they show as ids.",
    );
  });
});
