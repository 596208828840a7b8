import fs from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { inject } from "vitest";
import { buildApp, type BuildOptions } from "../../src/app.js";
import { testConfig, type StoreConfig } from "../../src/config.js";
import { openDatabase, type Database } from "../../src/db/index.js";
import { createClient } from "../../src/oauth/clients.js";
import type { TokenResponse } from "../../src/oauth/schemas.js";
import { createGrant, issueTokens } from "../../src/oauth/tokens.js";
import { createUser, type CreateUserInput, type UserRow } from "../../src/users/users.js";

/**
 * A real store for one test file: the real app listening on a free port, on a
 * fresh database: in-memory PGlite, or a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set (CI sets it, so the suite runs on both). Each is a
 * copy of the run's one migrated database (test/global-setup.ts).
 */
export interface TestStore {
  app: FastifyInstance;
  url: string;
  database: Database;
  /** The database's address on PostgreSQL (another instance may open it); undefined on PGlite. */
  databaseUrl?: string | undefined;
  close(): Promise<void>;
}

/** The run's migrated database, read once per test file (test/global-setup.ts). */
let pgliteDump: Blob | undefined;

/**
 * On the PostgreSQL run (TEST_DATABASE_URL), a throwaway database copied from the
 * run's migrated template: its URL and how to drop it. Undefined on the PGlite run.
 */
export async function freshPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const template = inject("pgTemplate");
  // Named after the run's template, so that the run's end drops any a failed file left behind.
  const name = `${template || "store_test"}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function freshDatabase(
  poolSize?: number,
): Promise<{ database: Database; databaseUrl?: string; drop: () => Promise<void> }> {
  const postgres = await freshPostgresDatabase();
  if (!postgres) {
    const dumpFile = inject("pgliteDump");
    if (dumpFile) pgliteDump ??= new Blob([fs.readFileSync(dumpFile)]);
    return { database: await openDatabase({ loadDataDir: pgliteDump }), drop: async () => {} };
  }
  return {
    database: await openDatabase({ databaseUrl: postgres.url, poolSize }),
    databaseUrl: postgres.url,
    drop: postgres.drop,
  };
}

export async function startStore(
  overrides: Partial<StoreConfig> = {},
  opts: Pick<BuildOptions, "onRoute" | "logStream"> = {},
): Promise<TestStore> {
  // A test's own pool size (databasePool) is the pool's on PostgreSQL too.
  const { database, databaseUrl, drop } = await freshDatabase(overrides.databasePool);
  const { app, url } = await listen(overrides, database, opts);
  return {
    app,
    url,
    database,
    databaseUrl,
    close: async () => {
      // Slow closes are named with their part, so that a hook timeout says where the time went
      // (a PostgreSQL DROP DATABASE waits for a checkpoint, slow on a machine busy writing).
      const started = Date.now();
      await app.close();
      const closed = Date.now();
      await drop();
      const dropped = Date.now();
      if (dropped - started > 10_000) {
        console.warn(
          `test store: closing took ${((dropped - started) / 1000).toFixed(1)} s (the app ${((closed - started) / 1000).toFixed(1)} s, dropping its database ${((dropped - closed) / 1000).toFixed(1)} s)`,
        );
      }
    },
  };
}

async function listen(
  overrides: Partial<StoreConfig>,
  database: Database,
  opts: Pick<BuildOptions, "onRoute" | "logStream">,
): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({ config: testConfig(overrides), database, ...opts });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  app.config.publicUrl = url;
  return { app, url };
}

/**
 * A second store process on the same PostgreSQL database as `store` (its own
 * app, pool and caches), as when an operator runs several instances. PGlite
 * cannot: its database belongs to one process. Close it before `store`, which
 * drops the database.
 */
export async function startAnotherInstance(store: TestStore, overrides: Partial<StoreConfig> = {}): Promise<TestStore> {
  if (!store.databaseUrl) throw new Error("Another instance needs PostgreSQL (TEST_DATABASE_URL).");
  const database = await openDatabase({ databaseUrl: store.databaseUrl, poolSize: overrides.databasePool });
  const { app, url } = await listen(overrides, database, {});
  return { app, url, database, databaseUrl: store.databaseUrl, close: () => app.close() };
}

export const REDIRECT_URI = "http://app.test/callback";

export async function addClient(
  store: TestStore,
  opts: { redirectUris?: string[]; scopes?: ("storefront" | "cart" | "admin")[]; name?: string } = {},
) {
  return createClient(store.database.db, {
    name: opts.name ?? "Test App",
    redirectUris: opts.redirectUris ?? [REDIRECT_URI],
    ...(opts.scopes ? { scopes: opts.scopes } : {}),
  });
}

export async function addUser(store: TestStore, input: CreateUserInput) {
  return createUser(store.database.db, input);
}

/**
 * Seeds a grant and its tokens straight into the database, for tests that are
 * about the API rather than the OAuth flow (no browser, no password hashing).
 */
export async function seedToken(
  store: TestStore,
  client: { client_id: string },
  user: UserRow,
  scope = "admin storefront",
  opts: { refresh?: boolean } = {},
): Promise<TokenResponse> {
  const grantId = await createGrant(store.database.db, client.client_id, user.id, scope);
  return issueTokens(store.database.db, { id: grantId, scope }, user, { refresh: opts.refresh ?? true });
}

/**
 * The usual start of an API test file: a store, one registered application, an
 * owner with every permission, and an admin token of the owner's.
 */
export async function startStoreWithAdmin(overrides: Partial<StoreConfig> = {}) {
  const store = await startStore(overrides);
  const client = await addClient(store);
  const owner = await addUser(store, { email: "owner@example.com" });
  const admin = (await seedToken(store, client, owner)).access_token;
  return { store, client, owner, admin };
}

/**
 * Runs a write made behind the API's back (straight to the database) the way
 * the store brackets its own writes, so that no cached read or token outlives
 * it (docs/architecture.md#the-read-cache).
 */
export async function writeBehindApi<T>(store: TestStore, write: () => Promise<T>): Promise<T> {
  return store.app.tokenCache.write(() =>
    store.app.readCache.write(async () => {
      try {
        return await write();
      } finally {
        await store.app.writeGeneration.bump();
      }
    }),
  );
}
