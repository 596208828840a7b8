import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import {
  Browser,
  formFields,
  REDIRECT_URI,
  addUser,
  api,
  postForm,
  seedToken,
  startAnotherInstance,
  startStoreWithAdmin,
  type TestStore,
} from "../helpers/index.js";

/**
 * A request refused before its handler wrote anything (no token, a made-up
 * token, a missing permission, a body that does not validate, an unknown
 * path, a wrong password) empties no cache: not this instance's, and on a
 * shared PostgreSQL not another's (docs/architecture.md#the-read-cache). The
 * outside review's 50 token-less `POST /nothing` at once, for 8 s, bumped the
 * database's generation 7,078 times and took a legitimate `GET /products`
 * from 13 ms to 355 ms. A write that commits still empties them all.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("requests that change nothing and the caches", () => {
  let a: TestStore;
  let b: TestStore | undefined;
  let admin: string;
  let noPermissions: string;
  let client: { client_id: string; client_secret: string };

  beforeAll(async () => {
    ({ store: a, admin, client } = await startStoreWithAdmin());
    if (onPostgres) b = await startAnotherInstance(a);
    const clerk = await addUser(a, { email: "clerk@example.com", permissions: [] });
    noPermissions = (await seedToken(a, client, clerk)).access_token;
    const created = await api(a, admin, "POST", "/products", { name: "Kept answer", price: "10" });
    expect(created.status, created.text).toBe(201);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const generation = async () => {
    if (!onPostgres) return 0;
    const result = await a.database.db.execute(sql`select generation from cache_generation where id = 1`);
    return Number((result as unknown as { rows: { generation: number | string }[] }).rows[0]!.generation);
  };

  /** What every way of being refused sends, `times` over, side by side. */
  const refusals = (times: number) =>
    Promise.all(
      Array.from({ length: times }, async (_, i) => {
        const answers = await Promise.all([
          fetch(`${a.url}/api/v1/nothing`, { method: "POST" }),
          fetch(`${a.url}/nothing-at-all`, { method: "DELETE" }),
          api(a, null, "POST", "/products", { name: `No token ${i}`, price: "1" }).then((r) => r.res),
          api(a, `made-up-${i}`, "PUT", "/products_multi", { products: "[]" }).then((r) => r.res),
          api(a, noPermissions, "POST", "/coupons", { name: "Nope" }).then((r) => r.res),
          api(a, admin, "POST", "/products", { price: "not a price" }).then((r) => r.res),
          postForm(`${a.url}/oauth2/access_token`, { grant_type: "client_credentials" }).then((r) => r.res),
          postForm(`${a.url}/oauth2/access_token`, {
            grant_type: "password",
            client_id: client.client_id,
            client_secret: "wrong",
            username: "owner@example.com",
            password: "wrong",
          }).then((r) => r.res),
        ]);
        for (const res of answers) if (!res.bodyUsed) await res.body?.cancel();
        return answers.map((res) => res.status);
      }),
    );

  it("a refused request neither empties this instance's cache nor bumps the shared generation", async () => {
    const list = async (store: TestStore) => {
      const res = await api(store, admin, "GET", "/products?count=10");
      expect(res.status, res.text).toBe(200);
    };
    await list(a);
    await list(a);
    const before = await generation();
    const statuses = (await refusals(6)).flat();
    // Every one was refused: nothing here was allowed to change anything.
    expect(statuses.filter((s) => s < 400)).toEqual([]);
    // A wrong password at the store's sign-in page (the throttle's counters are written, nothing cached).
    const browser = new Browser(a.url);
    const page = await browser.request(
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`,
    );
    const wrong = await browser.request("/oauth2/login", {
      form: { ...formFields(page.text, "/oauth2/login"), email: "owner@example.com", password: "not the password" },
    });
    expect(wrong.res.status).not.toBe(303);

    expect(await generation()).toBe(before);
    const hits = a.app.readCache.hits;
    await list(a);
    expect(a.app.readCache.hits, "the list kept before the refusals is still served").toBe(hits + 1);
  });

  it.skipIf(!onPostgres)(
    "another instance keeps its answers through A's refusals, and drops them after A's write",
    async () => {
      const other = b!;
      const listOnB = async () => {
        const res = await api(other, admin, "GET", "/products?count=10");
        expect(res.status, res.text).toBe(200);
        return (res.json as { name: string }[]).map((p) => p.name);
      };
      await listOnB();
      await listOnB();
      await refusals(6);
      const hits = other.app.readCache.hits;
      await listOnB();
      expect(other.app.readCache.hits, "B still serves its kept list").toBe(hits + 1);

      // A write that commits on A is seen on B at once.
      const created = await api(a, admin, "POST", "/products", { name: "After the refusals", price: "12" });
      expect(created.status, created.text).toBe(201);
      expect(await listOnB()).toContain("After the refusals");
    },
  );

  it("a write refused inside its handler (an unknown product) leaves the cache; one that commits empties it", async () => {
    const read = () => api(a, admin, "GET", "/products?count=10");
    await read();
    await read();
    const missing = await api(a, admin, "PUT", "/products/no-such-product", { price: "3" });
    expect(missing.status, missing.text).toBe(404);
    let hits = a.app.readCache.hits;
    await read();
    expect(a.app.readCache.hits).toBe(hits + 1);

    const created = await api(a, admin, "POST", "/products", { name: "A real change", price: "5" });
    expect(created.status, created.text).toBe(201);
    hits = a.app.readCache.hits;
    const after = await read();
    expect(a.app.readCache.hits, "the write emptied the cache").toBe(hits);
    expect((after.json as { name: string }[]).map((p) => p.name)).toContain("A real change");
  });
});
