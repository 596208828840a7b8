import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  api,
  postForm,
  seedToken,
  startAnotherInstance,
  startStoreWithAdmin,
  type TestStore,
} from "../helpers/index.js";

/**
 * Two store instances, A and B, on one PostgreSQL database, each with its read
 * cache and token cache on (docs/architecture.md#the-read-cache): a read on B
 * that starts after A answered a write never shows the state from before it,
 * and a token A revoked (or whose user A changed) is refused by B at once.
 *
 * PostgreSQL only (TEST_DATABASE_URL): the embedded PGlite belongs to one
 * process, whose own brackets the other read-cache tests cover.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * A guard against a hang, not a time limit: on a loaded machine (CI beside other suites, load
 * average 15 on 2 cores) the 1,000 pairs took over 120 s and 20 deletes over 30 s.
 */
const HANG_GUARD_MS = 600_000;

describe.skipIf(!onPostgres)("the caches of two instances on one PostgreSQL", () => {
  let a: TestStore;
  let b: TestStore;
  let admin: string;
  let client: { client_id: string; client_secret: string };

  beforeAll(async () => {
    ({ store: a, admin, client } = await startStoreWithAdmin());
    b = await startAnotherInstance(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const newProduct = async (name: string) => {
    const res = await api(a, admin, "POST", "/products", { name, price: "10" });
    expect(res.status, res.text).toBe(201);
    return res.json.key as string;
  };
  const listOnB = async () => {
    const res = await api(b, admin, "GET", "/products?count=100");
    expect(res.status, res.text).toBe(200);
    return res.json as unknown as { key: string; price: string }[];
  };

  it(
    "1,000 price changes on A, each followed by a read on B (the product or the list): no stale read",
    async () => {
      // Eight products changed side by side, 125 times each: a read on B of one product often computes
      // while another product's write commits on A, and every read follows its own product's write.
      const CHAINS = 8;
      const keys = await Promise.all(Array.from({ length: CHAINS }, (_, c) => newProduct(`Wandering price ${c}`)));
      const stale: string[] = [];

      const chain = async (key: string, c: number) => {
        const productPrice = async () => (await api(b, admin, "GET", `/products/${key}`)).json.price as string;
        const listPrice = async () => (await listOnB()).find((p) => p.key === key)?.price;
        // B keeps the first answers, so that a later read could be served from before a write.
        await productPrice();
        await listPrice();
        for (let i = 1; i <= 1000 / CHAINS; i++) {
          const price = `$${(c * 100 + i).toFixed(2)}`; // under $1,000: no thousands separator
          const put = await api(a, admin, "PUT", `/products/${key}`, { price: price.slice(1) });
          expect(put.status, put.text).toBe(200);
          // The product and the list by turns: B holds the other one from before this write.
          const seen = await (i % 2 ? productPrice() : listPrice());
          if (seen !== price) stale.push(`${key} change ${i}: B read ${seen}, A had answered ${price}`);
        }
      };
      await Promise.all(keys.map(chain));
      expect(stale).toEqual([]);
      // The cache was on all along: B kept answers.
      expect(b.app.readCache.size).toBeGreaterThan(0);
    },
    HANG_GUARD_MS,
  );

  it(
    "a product deleted on A is gone from B's list and B's product read at once",
    async () => {
      for (let round = 0; round < 20; round++) {
        const key = await newProduct(`Short-lived ${round}`);
        expect((await listOnB()).map((p) => p.key)).toContain(key);
        expect((await api(b, admin, "GET", `/products/${key}`)).status).toBe(200);
        expect((await api(a, admin, "DELETE", `/products/${key}`)).status).toBe(200);
        expect((await listOnB()).map((p) => p.key)).not.toContain(key);
        expect((await api(b, admin, "GET", `/products/${key}`)).status).toBe(404);
      }
    },
    HANG_GUARD_MS,
  );

  it(
    "a token revoked on A is refused by B at once",
    async () => {
      const user = await addUser(a, { email: "revoked@example.com" });
      for (let round = 0; round < 10; round++) {
        const token = (await seedToken(a, client, user)).access_token;
        // B knows the token (its token cache keeps it).
        expect((await api(b, token, "GET", "/products")).status).toBe(200);
        expect((await api(b, token, "GET", "/products")).status).toBe(200);
        const revoked = await postForm(`${a.url}/oauth2/revoke`, { ...client, token });
        expect(revoked.status, revoked.text).toBe(200);
        expect((await api(b, token, "GET", "/products")).status).toBe(401);
      }
    },
    HANG_GUARD_MS,
  );

  it(
    "a user deactivated or stripped of a permission on A loses it on B at once",
    async () => {
      const staff = await addUser(a, { email: "staff@example.com" });
      const token = (await seedToken(a, client, staff)).access_token;
      expect((await api(b, token, "GET", "/users")).status).toBe(200);

      const strip = await api(a, admin, "PUT", `/users/${staff.id}`, { permissions: JSON.stringify(["view_stats"]) });
      expect(strip.status, strip.text).toBe(200);
      expect((await api(b, token, "GET", "/users")).status).toBe(403);
      expect((await api(b, token, "GET", "/products")).status).toBe(200);

      const deactivate = await api(a, admin, "PUT", `/users/${staff.id}`, { is_active: "false" });
      expect(deactivate.status, deactivate.text).toBe(200);
      expect((await api(b, token, "GET", "/products")).status).toBe(401);
    },
    HANG_GUARD_MS,
  );
});
