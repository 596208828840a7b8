import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { gatherStaleStatistics, openDatabase } from "../../src/db/index.js";
import { users } from "../../src/db/schema/index.js";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "store-statistics-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** What the planner believes of the users table: its rows and pages as last measured. */
async function measured(db: Awaited<ReturnType<typeof openDatabase>>["db"]) {
  const result = (await db.execute(
    sql`select reltuples, relpages from pg_class where oid = 'public.users'::regclass`,
  )) as unknown as { rows: { reltuples: number; relpages: number }[] };
  return result.rows[0];
}

// A start on the embedded database measures only what changed (src/server.ts): a restart of an unchanged
// store measures nothing. Opening a new embedded database takes seconds (a hang guard, not a timing check).
describe("the planner's statistics at a start", { timeout: 120_000 }, () => {
  it("measures every table of a new store, nothing once measured, and a table again once it grew", async () => {
    const dir = path.join(root, "data");
    const first = await openDatabase({ dataDir: dir });
    const all = await gatherStaleStatistics(first.db);
    expect(all).toContain("public.users");
    expect(all).toContain("public.products");
    expect(all.some((name) => name.startsWith("pg_catalog."))).toBe(false);
    expect(await gatherStaleStatistics(first.db)).toEqual([]);

    await first.db
      .insert(users)
      .values(Array.from({ length: 2_000 }, (_, i) => ({ email: `u${i}@example.com`, permissions: [] })));
    expect(await gatherStaleStatistics(first.db)).toEqual(["public.users"]);
    expect((await measured(first.db))?.reltuples).toBe(2_000);
    await first.close();

    // Kept in the data folder: the next start finds nothing to measure.
    const second = await openDatabase({ dataDir: dir });
    expect(await gatherStaleStatistics(second.db)).toEqual([]);
    expect((await measured(second.db))?.reltuples).toBe(2_000);
    await second.close();
  });
});
