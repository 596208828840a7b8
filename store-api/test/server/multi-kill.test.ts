import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/index.js";
import { productOptions, products } from "../../src/db/schema/index.js";
import { createClient } from "../../src/oauth/clients.js";
import { createGrant, issueTokens } from "../../src/oauth/tokens.js";
import { createProduct } from "../../src/products/products.js";
import type { CreateProductInput } from "../../src/products/schemas.js";
import { createUser } from "../../src/users/users.js";
import { eventually } from "../api/v1/products/media-helpers.js";
import { type ChildStore, serveChild } from "../helpers/child-store.js";
import { freshPostgresDatabase } from "../helpers/index.js";

/**
 * products_multi is all or nothing (docs/contract.md), even when the store process dies in the
 * middle of it: a real `store serve` child gets a 1,000-product request and SIGKILL at 20 %, 50 %
 * and 80 % of the time the same request took it just before (so, most often, while its one
 * transaction runs). Each time, the 1,000 products carry all of the request or none of it; then
 * the same request to another store process changes all 1,000. PostgreSQL only: instances share
 * it (PGlite's data folder belongs to one process, and a killed one is not what this is about).
 */

/** A hang guard, not a time limit: child stores start slowly on a loaded machine (load 15 on 2 cores). */
const SLOW = 300_000;
const COUNT = 1000;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "kill -9 in the middle of a 1,000-product products_multi (PostgreSQL only: the database instances share)",
  () => {
    let temp = "";
    let databaseUrl: string;
    let drop = async () => {};
    let token: string;
    let database: Database;
    let keys: string[];
    let ids: number[];
    let a: ChildStore | undefined;
    let b: ChildStore | undefined;
    const instance = (name: string) =>
      serveChild({ DATABASE_URL: databaseUrl, STORE_API_DATA_DIR: path.join(temp, name), STORE_API_RATE_LIMIT: "0" });

    beforeAll(async () => {
      temp = fs.mkdtempSync(path.join(os.tmpdir(), "store-multi-kill-test-"));
      const postgres = (await freshPostgresDatabase())!;
      databaseUrl = postgres.url;
      drop = postgres.drop;
      database = await openDatabase({ databaseUrl });
      const { db } = database;
      const client = await createClient(db, { name: "Test App", redirectUris: ["http://app.test/callback"] });
      const owner = await createUser(db, { email: "owner@example.com" });
      const grant = await createGrant(db, client.client_id, owner.id, "admin");
      token = (await issueTokens(db, { id: grant, scope: "admin" }, owner, { refresh: false })).access_token;
      const made = await db.transaction(async (tx) => {
        const rows = [];
        for (let i = 0; i < COUNT; i++) {
          const input = { name: `Item ${i + 1}`, price: 1000, quantity: 5, order: i + 1, reorder_products: false };
          rows.push(await createProduct(tx, input as CreateProductInput));
        }
        return rows;
      });
      keys = made.map((p) => p.key);
      ids = made.map((p) => p.id);

      [a, b] = await Promise.all([instance("a"), instance("b")]);
    }, SLOW);

    afterAll(async () => {
      for (const store of [a, b]) {
        if (store && store.child.exitCode === null && store.child.signalCode === null) {
          store.child.kill("SIGKILL");
          await store.exited;
        }
      }
      await database?.close();
      await drop();
      if (temp) fs.rmSync(temp, { recursive: true, force: true });
    });

    /** Each request's own quantity, so that a request's writes tell apart from the last one's. */
    const quantityOf = (stamp: string) => 10 + [...stamp].reduce((n, c) => (n * 31 + c.charCodeAt(0)) % 9973, 0);
    const multi = (store: ChildStore, stamp: string) =>
      fetch(`${store.url}/api/v1/products_multi`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          products: JSON.stringify(
            Object.fromEntries(
              keys.map((key, i) => [key, { name: `Item ${i + 1} ${stamp}`, quantity: quantityOf(stamp) }]),
            ),
          ),
        }).toString(),
      });

    /** How many of the 1,000 carry the request's name, and how many its quantity. */
    const written = async (stamp: string) => {
      const named = await database.db.select({ name: products.name }).from(products).where(inArray(products.id, ids));
      const counted = await database.db
        .select({ quantity: productOptions.quantity })
        .from(productOptions)
        .where(and(inArray(productOptions.productId, ids), eq(productOptions.isDefault, true)));
      return {
        names: named.filter((p) => p.name.endsWith(` ${stamp}`)).length,
        quantities: counted.filter((o) => o.quantity === quantityOf(stamp)).length,
      };
    };

    it(
      "leaves all or none of the 1,000 changed, whenever the process is killed; another instance then changes all",
      async () => {
        // The same request once to the end: how long it takes this process (warm, too).
        const started = performance.now();
        const warm = await multi(a!, "warm");
        expect(warm.status, await warm.clone().text()).toBe(200);
        const took = performance.now() - started;
        expect(await written("warm")).toEqual({ names: COUNT, quantities: COUNT });

        const outcomes: string[] = [];
        for (const [round, share] of [0.2, 0.5, 0.8].entries()) {
          const stamp = `killed${round}`;
          const answer = multi(a!, stamp).then(
            (res) => `answered ${res.status}`,
            (err: Error) => `failed: ${(err.cause as NodeJS.ErrnoException | undefined)?.code ?? err.message}`,
          );
          await new Promise((r) => setTimeout(r, took * share));
          a!.child.kill("SIGKILL");
          expect(await a!.exited).toBeNull();
          const answered = await answer;
          // PostgreSQL rolls back the dead client's transaction once it sees the connection gone.
          const seen = await eventually(async () => {
            const result = await database.db.execute(
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
            );
            const { rows } = result as unknown as { rows: { n: number }[] };
            return Number(rows[0]?.n ?? 0) === 0 && (await written(stamp));
          }, 50);
          // All or nothing, and the answer (if one came) agrees: a 200 means all.
          expect([0, COUNT]).toContain(seen.names);
          expect(seen.quantities).toBe(seen.names);
          if (answered === "answered 200") expect(seen.names).toBe(COUNT);
          outcomes.push(`${Math.round(share * 100)} %: ${seen.names === 0 ? "none" : "all"} (${answered})`);
          a = await instance("a");
        }
        console.log(`products_multi killed at ${outcomes.join("; ")}`);

        const res = await multi(b!, "done");
        expect(res.status, await res.clone().text()).toBe(200);
        expect(((await res.json()) as unknown[]).length).toBe(COUNT);
        expect(await written("done")).toEqual({ names: COUNT, quantities: COUNT });
      },
      SLOW,
    );
  },
);
