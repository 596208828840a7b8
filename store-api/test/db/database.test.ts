import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirInUseError, openDatabase } from "../../src/db/index.js";
import { buffersFor, dataSize, MOST_BUFFERS_MB } from "../../src/db/pglite-buffers.js";
import { users } from "../../src/db/schema/index.js";
import { startStore } from "../helpers/index.js";

const dirs: string[] = [];
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "store-db-"));
  dirs.push(d);
  return path.join(d, "nested", "data"); // the folder is created on open
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// Each test opens a new embedded database from nothing (creating and migrating it), some twice: several
// seconds on a quiet machine, over 30 s on a loaded one, where the default budget failed them (a hang
// guard, not a timing check).
describe("the embedded database", { timeout: 120_000 }, () => {
  it("keeps data across a close and reopen, creating the folder on first open", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await first.db.insert(users).values({ email: "kept@example.com", permissions: [] });
    await first.close();
    // The second start sizes shared_buffers to the data it finds (db/pglite-buffers.ts): a new store's
    // 20-odd megabytes (Postgres's own catalogues, mostly) get less than Postgres's 128 MB.
    const bytes = dataSize(path.join(dir, "pgdata"));
    expect(bytes).toBeGreaterThan(1024 * 1024);
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.db.select().from(users);
    expect(rows.map((r) => r.email)).toEqual(["kept@example.com"]);
    const [shown] = await second.db
      .execute(sql`show shared_buffers`)
      .then((r) => (r as unknown as { rows: { shared_buffers: string }[] }).rows);
    expect(shown?.shared_buffers).toBe(`${buffersFor(bytes)}MB`);
    expect(buffersFor(bytes)).toBeLessThan(MOST_BUFFERS_MB);
    await second.close();
  });

  it("refuses a second opener of the same folder, clearly, while the first holds it", async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another store process/);
    await first.close();
    const again = await openDatabase({ dataDir: dir }); // released on close
    await again.close();
  });

  it("takes over a lock left by a process that is gone", async () => {
    const dir = tempDir();
    fs.mkdirSync(dir, { recursive: true });
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
    fs.writeFileSync(path.join(dir, "store.lock"), dead.stdout);
    const db = await openDatabase({ dataDir: dir });
    const [row] = await db.db
      .execute(sql`select 1 as one`)
      .then((r) => (r as unknown as { rows: { one: number }[] }).rows);
    expect(row?.one).toBe(1);
    await db.close();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("PostgreSQL", () => {
  it("survives an idle connection being terminated under it, and the next query works", async () => {
    const { database, close } = await startStore();
    try {
      // The Db type spans both drivers, so execute() is untyped; on PostgreSQL it is a pg QueryResult.
      const rows = async (query: ReturnType<typeof sql>) =>
        ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
      const [current] = await rows(sql`select current_database() as db`);
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const killed = await admin.query<{ pid: number }>(
        "select pid, pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'",
        [current?.db],
      );
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // The pool drops a client once it hears that its backend is gone (an unhandled
      // 'error' on the way would fail this file). Wait for that, by process id, over all the
      // pool's clients (idle or checked out): counting 'remove' events against the backends
      // killed never ended on a busy CI machine, where a backend can die while the pool is
      // still connecting it (dropped without a 'remove'). pg-pool's `_clients` holds the
      // clients themselves (its `_idle` holds wrappers, which have no processID).
      const dead = new Set(killed.rows.map((r) => r.pid));
      const clients = () => (pool as unknown as { _clients: { processID: number }[] })._clients;
      expect(clients().every((client) => typeof client.processID === "number")).toBe(true);
      const deadline = Date.now() + 10_000;
      while (clients().some((client) => dead.has(client.processID))) {
        if (Date.now() > deadline) throw new Error("the pool kept a terminated connection for 10 s");
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(await database.db.select().from(users)).toEqual([]);
    } finally {
      await close();
    }
  });
});
