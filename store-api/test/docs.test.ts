import { Validator } from "@seriousme/openapi-schema-validator";
import type { RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStore, type TestStore } from "./helpers/index.js";

/** The OpenAPI reference at /docs: valid OpenAPI 3.1, and complete. */

let store: TestStore;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  store = await startStore({}, { onRoute: (route) => void routes.push(route) });
});
afterAll(() => store.close());

interface Operation {
  description?: string;
  "x-store-extension"?: boolean;
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
}
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

/** Every property schema in a document, by property name (a name may appear in several schemas). */
function propertySchemas(
  node: unknown,
  found: [string, Record<string, unknown>][] = [],
): [string, Record<string, unknown>][] {
  if (Array.isArray(node)) node.forEach((child) => propertySchemas(child, found));
  else if (node && typeof node === "object") {
    for (const [key, child] of Object.entries(node)) {
      if (key === "properties" && child && typeof child === "object") {
        for (const [name, schema] of Object.entries(child)) found.push([name, schema as Record<string, unknown>]);
      }
      propertySchemas(child, found);
    }
  }
  return found;
}

async function reference(): Promise<OpenApiDocument> {
  const res = await fetch(`${store.url}/docs/json`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as OpenApiDocument;
}

/** "METHOD /path/{param}" for every registered route the reference should show. */
function documentedRoutes(): string[] {
  return routes
    .filter((route) => !route.schema?.hide)
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({ method, url: route.url })),
    )
    .filter(({ method }) => method !== "HEAD" && method !== "OPTIONS")
    .map(({ method, url }) => `${method} ${url.replace(/:(\w+)/g, "{$1}")}`);
}

describe("GET /docs/json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const doc = await reference();
    expect(doc.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every route the app registered (except 405 catch-alls, HEAD and OPTIONS)", async () => {
    const doc = await reference();
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`)),
    );
    const expected = documentedRoutes();
    expect(expected).toEqual(
      expect.arrayContaining([
        "GET /api/v1/users",
        "PUT /api/v1/users/{id}",
        "POST /oauth2/access_token",
        "GET /oauth2/authorize",
        "POST /api/v1/users/{id}/invitation",
        "POST /api/v1/users/{id}/password_reset",
        "GET /oauth2/logout",
      ]),
    );
    expect(expected.filter((route) => !documented.has(route))).toEqual([]);
  });

  it("has a schema for every route: what it answers, under a tag", () => {
    const shown = routes.filter(
      (route) => !route.schema?.hide && route.method !== "HEAD" && route.method !== "OPTIONS",
    );
    expect(shown.length).toBeGreaterThan(0);
    const bare = shown
      .filter((route) => !route.schema?.response || !route.schema.tags?.length)
      .map((route) => `${route.method} ${route.url}`);
    expect(bare).toEqual([]);
  });

  it("marks the store's extensions", async () => {
    const doc = await reference();
    for (const [method, path] of [
      ["post", "/oauth2/revoke"],
      ["get", "/dev/outbox"],
      ["get", "/docs"],
      ["get", "/healthz"],
      ["get", "/readyz"],
      ["post", "/api/v1/users/{id}/invitation"],
      ["post", "/api/v1/users/{id}/password_reset"],
      ["get", "/oauth2/logout"],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.["x-store-extension"], `${method} ${path}`).toBe(true);
      expect(op?.description).toMatch(/^Extension:/);
    }
    const properties = propertySchemas(doc.paths);
    for (const field of ["expires_in", "user", "is_active", "password_set", "created", "modified"]) {
      const marked = properties.filter(([name, schema]) => name === field && schema["x-store-extension"] === true);
      expect(marked.length, field).toBeGreaterThan(0);
      for (const [, schema] of marked) expect(schema.description).toMatch(/^Extension:/);
    }
  });

  it("describes the API's access rule and form encoding", async () => {
    const doc = await reference();
    const create = doc.paths["/api/v1/users"]?.post;
    expect(create?.security).toContainEqual({ oauth2: ["admin"] });
    expect(Object.keys(create?.requestBody?.content ?? {}).sort()).toEqual([
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
    ]);
    const permissions = propertySchemas(create?.requestBody).find(([name]) => name === "permissions")?.[1];
    expect(permissions).toMatchObject({
      type: "string",
      contentMediaType: "application/json",
      description: expect.stringContaining('["manage_orders"]'),
    });
  });
});

describe("GET /docs", () => {
  it("answers a readable HTML page whose scripts come from the store itself", async () => {
    const res = await fetch(`${store.url}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<div id="swagger-ui">/);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    for (const src of html.matchAll(/<script src="([^"]+)"/g)) {
      const script = await fetch(new URL(src[1]!, `${store.url}/docs`));
      expect(script.status, src[1]).toBe(200);
      expect((await script.text()).length, src[1]).toBeGreaterThan(0);
    }
  });

  // The page is loaded at its first request, in an instance of its own (src/docs/plugin.ts): what a browser
  // asks of its files still gets the file server's answers.
  it("answers its files' conditional and HEAD requests as a file server does, and an unknown file with 404", async () => {
    const html = await (await fetch(`${store.url}/docs`)).text();
    const src = /<script src="([^"]+)"/.exec(html)?.[1];
    const file = new URL(src!, `${store.url}/docs`).href;
    const first = await fetch(file);
    const etag = first.headers.get("etag");
    expect(first.headers.get("content-type")).toMatch(/javascript/);
    expect(etag).toBeTruthy();
    const body = await first.arrayBuffer();
    expect(Number(first.headers.get("content-length"))).toBe(body.byteLength);
    const again = await fetch(file, { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
    const head = await fetch(file, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    expect((await fetch(`${store.url}/docs/static/no-such-file.js`)).status).toBe(404);
  });
});
