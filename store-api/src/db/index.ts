import fs from "node:fs";
import path from "node:path";
import v8 from "node:v8";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import * as schema from "./schema/index.js";
import { commitWatcher, outageLogger } from "./outage.js";
import { gateConnections } from "../limits/pool-shares.js";
import { dataSize, pgliteStartParams } from "./pglite-buffers.js";

/**
 * How long a request waits for a connection to PostgreSQL before it fails
 * (a 503, docs/architecture.md#when-the-database-is-away): while the server is
 * down, requests fail fast instead of hanging until the client gives up.
 */
export const CONNECT_TIMEOUT_MS = 3000;

export type Schema = typeof schema;
/** The one database type the app uses: both drivers are Drizzle PgDatabases. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; it has the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

/**
 * A database whose driver is set up (PGlite constructed, its data folder locked; PostgreSQL's pool made)
 * while its opening goes on: PGlite's start and the migrations. Nothing may query `db` before `ready`
 * has resolved; it rejects with what stopped the opening, having let go of what was taken.
 */
export interface OpeningDatabase extends Database {
  ready: Promise<void>;
}

/** The migrations this build ships (drizzle/, beside src/ and dist/); the readiness probe compares them too. */
export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../drizzle");

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another store process (pid ${pid}). ` +
        `The embedded database allows one process at a time: stop the running store first ` +
        `(or use PostgreSQL via DATABASE_URL to run commands while it serves).`,
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is single-process: a second process opening the same folder silently
 * loses data. Take an exclusive lock file (O_EXCL) holding our pid; a lock whose
 * process is gone is stale and taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "store.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8") === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
      // Our own pid counts as in use too: a second PGlite in this process would lose data just the same.
      if (Number.isInteger(pid) && isAlive(pid)) throw new DataDirInUseError(dataDir, pid);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}

export interface OpenOptions {
  /** postgres://… — use PostgreSQL instead of the embedded database. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; omitted = in memory (tests). */
  dataDir?: string | undefined;
  /**
   * In memory only: start from this dump of a data folder (PGlite's `dumpDataDir`)
   * instead of an empty one. The store's tests copy one migrated database per run
   * this way (store-api/test/global-setup.ts): a load is several times faster than
   * creating and migrating a database.
   */
  loadDataDir?: Blob | undefined;
  /** PostgreSQL: the most connections the pool opens (STORE_API_DATABASE_POOL; 10 when unset). */
  poolSize?: number | undefined;
}

/**
 * Gathers the query planner's statistics of every table (`ANALYZE`). PostgreSQL's
 * autovacuum does it as tables grow; the embedded PGlite has no autovacuum, so
 * without this its planner guesses at tables it has never measured (a page of
 * 250 products' options read by a sequential scan of all 30,000). The store
 * runs it on start with PGlite and after a seed (src/server.ts, src/cli.ts):
 * under a second for a 10,000-product store.
 */
export async function gatherStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

/**
 * At a start on PGlite: `ANALYZE` of only the store's tables that were never measured or whose size moved
 * by more than a tenth since they were (a page at least), as autovacuum's threshold would. Statistics are
 * kept in the data folder, so a restart of an unchanged store measures nothing: a plain `analyze` of every
 * table, system catalogues included, took a second of each restart, even of an empty store. Answers the
 * tables measured.
 */
export async function gatherStaleStatistics(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`
    select format('%I.%I', n.nspname, c.relname) as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'm', 'p')
      and n.nspname <> 'information_schema' and left(n.nspname, 3) <> 'pg_'
      and (c.reltuples < 0
        or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > greatest(1, c.relpages / 10))
  `)) as unknown as { rows: { name: string }[] };
  const stale = result.rows.map((row) => row.name);
  if (stale.length) await db.execute(sql.raw(`analyze ${stale.join(", ")}`));
  return stale;
}

/**
 * Drizzle's transaction (drizzle-orm 0.45, node-postgres) takes a client from
 * the pool and sends BEGIN before its try/finally: when BEGIN fails (the
 * connection died, PostgreSQL is down) the client is never given back. Each
 * outage would keep a few of the pool's ten clients for good, until the store
 * hangs on an empty pool. So a client whose BEGIN fails goes back here, as
 * broken (pg-pool then drops it). Drizzle does not release it in that case, so
 * it is released once.
 */
function releaseOnFailedBegin(client: pg.Client): void {
  // The class's own query, looked up at each call (not bound once), so that whatever wraps
  // Client#query later (a test's spy on the prototype) still sees every statement.
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  // pg's query has many overloads; the wrapper passes every call through unchanged.
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = proto.query.apply(client, args);
    const first = args[0];
    const text = typeof first === "string" ? first : (first as { text?: unknown } | undefined)?.text;
    if (result instanceof Promise && typeof text === "string" && /^\s*begin\b/i.test(text)) {
      result.catch((err: unknown) => {
        const release = (client as Partial<pg.PoolClient>).release;
        if (typeof release === "function") release(err instanceof Error ? err : new Error(String(err)));
      });
    }
    return result;
  };
}

/**
 * How V8 compiles PGlite's WebAssembly, set before the module compiles (a flag given on Node's command line
 * is left as it is). Measured on a restart of the demo store (docs/architecture.md#the-starts-timeline):
 * - V8 runs each function in its baseline compiler (Liftoff) first and recompiles it with its optimising
 *   one (TurboFan) once it has run some 1.8 MB of code (`--wasm-tiering-budget`). Postgres's own start
 *   passes that mark in hundreds of functions it never runs again: their recompiling took 0.25 s of CPU of
 *   the store's 1 s, on the cores the dashboard starts on. At 100 MB only what queries keep running is
 *   recompiled: a query reaches its steady speed by its third run, as before (Liftoff alone stays 55 %
 *   slower).
 * - Compiled asynchronously (`WebAssembly.instantiate`'s default), the module's compilation ended with a
 *   60-90 ms stop of the main thread just after the store began listening, holding its first answer.
 *   Compiled synchronously, it ends before Postgres starts, and the store answers 60 ms sooner.
 */
function tuneWasmCompilation(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? "").split(/\s+/)];
  for (const flag of WASM_FLAGS) {
    const name = flag.replace(/^--(no-)?/, "").replace(/=.*/, "");
    if (!given.some((arg) => arg.replace(/^--(no-)?/, "").replace(/=.*/, "") === name)) v8.setFlagsFromString(flag);
  }
}
const WASM_FLAGS = ["--wasm-tiering-budget=100000000", "--no-wasm-async-compilation"];

/** Opens the database and applies pending migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = await startOpening(opts);
  await database.ready;
  return database;
}

/**
 * Sets the database's driver up and starts opening it (docs/architecture.md#the-starts-timeline): `serve`
 * loads the app's modules and builds the app while PGlite reads its files and Postgres starts, and
 * listens once `ready` has resolved.
 */
export async function startOpening(opts: OpenOptions): Promise<OpeningDatabase> {
  // Each database's driver is loaded when it is opened: a store on one never loads the other's (a
  // tenth of a second of the start's module loading for pg, PGlite's WebAssembly for a PostgreSQL store).
  if (opts.databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    // A broken connection leaves the pool (pg-pool drops a client that errs or is no longer
    // queryable), and the next query opens a new one: once PostgreSQL is back, the store is too.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let closing = false;
    // An idle connection can die under the pool (PostgreSQL restarts, an administrator
    // terminates it): the pool drops that client and the next query opens a new one.
    // Without a listener the error would end the whole process.
    // When PostgreSQL goes away every connection fails at once, idle ones through both
    // listeners: one line every 30 s says so (db/outage.ts), any other failure is logged each time.
    const failed = outageLogger();
    const warn = (err: unknown, message: string) =>
      console.warn(`store: ${message} (${err instanceof Error ? err.message : String(err)}).`);
    pool.on("error", (err) => {
      if (!closing) failed(err, warn, "an idle database connection failed; the pool opens a new one when needed");
    });
    // A connection can also die while a request or a job holds it (between two of its
    // queries): that query fails and the pool replaces the connection, but the client's
    // own 'error' event has no listener then, and would end the process too.
    pool.on("connect", (client) => {
      client.on("error", (err) => {
        if (!closing) failed(err, warn, "a database connection in use failed; the pool opens a new one when needed");
      });
      releaseOnFailedBegin(client);
    });
    // A request takes its client's share of the pool before a connection (limits/pool-shares.ts).
    gateConnections(pool);
    const db = drizzlePg({ client: pool, schema, logger: commitWatcher });
    const ready = migratePg(db, { migrationsFolder }).catch(async (err: unknown) => {
      await pool.end();
      throw err;
    });
    // Heard by whoever awaits it; until then, its failure must not end the process unheard.
    ready.catch(() => {});
    return {
      db: db as unknown as Db,
      kind: "postgres",
      ready,
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }

  const dataDir = opts.dataDir ? path.resolve(opts.dataDir) : undefined;
  tuneWasmCompilation();
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  let release = () => {};
  let client: PGlite;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir);
    try {
      // shared_buffers sized to the data (db/pglite-buffers.ts).
      const startParams = pgliteStartParams(PGlite.defaultStartParams, dataSize(path.join(dataDir, "pgdata")));
      client = new PGlite(path.join(dataDir, "pgdata"), { startParams });
    } catch (err) {
      release();
      throw err;
    }
  } else {
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  }
  // The same watcher as PostgreSQL's: the caches hear only of requests that may have changed something.
  const db = drizzlePglite({ client, schema, logger: commitWatcher });
  const ready = client.waitReady
    .then(() => migratePglite(db, { migrationsFolder }))
    .catch((err: unknown) => {
      release();
      throw err;
    });
  ready.catch(() => {});
  return {
    db: db as unknown as Db,
    kind: "pglite",
    ready,
    close: async () => {
      await client.close();
      release();
    },
  };
}
