import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { StoreApiError, StoreNotFoundError } from "../errors";
import { getProduct, listCatalogueCategories, listCategoryProducts, listProducts } from "./api";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

const product = (key: string, categories: string[] = []) => ({ key, name: `Product ${key}`, categories });

type Route = (url: URL) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

/** A store on the loopback answering `route`; every request it saw, as "METHOD path?query". */
async function store(route: Route): Promise<{ client: StoreClient; seen: string[] }> {
  const seen: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://x");
    seen.push(`${req.method} ${url.pathname}${url.search}`);
    const answer = route(url) ?? { status: 404, body: { error: "not_found" } };
    res.writeHead(answer.status ?? 200, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

describe("listProducts", () => {
  it("asks for one page and keeps X-Total-Count when the store sends it", async () => {
    const { client, seen } = await store(() => ({
      body: [product("a"), product("b")],
      headers: { "X-Total-Count": "42" },
    }));
    const page = await listProducts(client, { page: 2, count: 50 });
    expect(seen).toEqual(["GET /api/v1/products?page=2&count=50"]);
    expect(page.items.map((p) => p.key)).toEqual(["a", "b"]);
    expect(page).toMatchObject({ page: 2, count: 50, total: 42 });
  });

  it("has no total without the header", async () => {
    const { client } = await store(() => ({ body: [product("a")] }));
    expect((await listProducts(client)).total).toBeNull();
  });
});

describe("listCategoryProducts", () => {
  it("lists a category's products through /products/{category_slug}", async () => {
    const { client, seen } = await store(() => ({ body: [product("a")], headers: { "X-Total-Count": "1" } }));
    const page = await listCategoryProducts(client, "tea & coffee", { page: 0, count: 20 });
    expect(seen).toEqual(["GET /api/v1/products/tea%20%26%20coffee?page=0&count=20"]);
    expect(page).toMatchObject({ total: 1, items: [{ key: "a" }] });
  });

  it("says so when a product's key or slug wins over the category", async () => {
    const { client } = await store(() => ({ body: product("mugs") }));
    const error = await listCategoryProducts(client, "mugs").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreApiError);
    expect((error as StoreApiError).code).toBe("category_shadowed");
    expect((error as StoreApiError).message).toContain("Product mugs");
  });

  it("names the category the store does not know", async () => {
    const { client } = await store(() => undefined);
    const error = await listCategoryProducts(client, "nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreNotFoundError);
    expect((error as Error).message).toBe(
      "The store has no category “nope”. Check the category's slug, or show all products.",
    );
  });
});

describe("getProduct", () => {
  it("reads one product by key or slug", async () => {
    const { client } = await store((url) =>
      url.pathname === "/api/v1/products/tee" ? { body: product("k1") } : undefined,
    );
    expect((await getProduct(client, "tee")).key).toBe("k1");
  });

  it("is not found when the path names a category (the store answers its list)", async () => {
    const { client } = await store(() => ({ body: [product("a")] }));
    await expect(getProduct(client, "mugs")).rejects.toBeInstanceOf(StoreNotFoundError);
  });
});

describe("listCatalogueCategories", () => {
  it("collects every product's categories over all pages, with slugs from the categories sub-resource", async () => {
    const pages: Record<string, unknown[]> = {
      "0": [product("a", ["Mugs", "Tea & Coffee"]), product("b", ["mugs"])],
      "1": [product("c", ["Gifts"])],
    };
    const { client, seen } = await store((url) => {
      if (url.pathname === "/api/v1/products") {
        return { body: pages[url.searchParams.get("page") ?? ""] ?? [], headers: { "X-Total-Count": "3" } };
      }
      if (url.pathname === "/api/v1/products/a/categories") {
        return {
          body: [
            { name: "Mugs", slug: "mugs" },
            { name: "Tea & Coffee", slug: "tea-coffee-2" },
          ],
        };
      }
      // c's categories cannot be read: its slug is guessed from the name.
      return undefined;
    });
    const result = await listCatalogueCategories(client);
    expect(result).toEqual({
      productCount: 3,
      categories: [
        { name: "Gifts", slug: "gifts" },
        { name: "Mugs", slug: "mugs" },
        { name: "Tea & Coffee", slug: "tea-coffee-2" },
      ],
    });
    // Two pages, then one categories read per product holding a category first (b holds none first).
    expect(seen.filter((line) => line.startsWith("GET /api/v1/products?")).length).toBe(2);
    expect(seen.filter((line) => line.endsWith("/categories")).sort()).toEqual([
      "GET /api/v1/products/a/categories",
      "GET /api/v1/products/c/categories",
    ]);
  });
});
