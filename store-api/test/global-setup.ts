import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/index.js";

/**
 * Once per run of the store's tests: one migrated database, which every test
 * store then copies (test/helpers/store.ts) instead of creating and migrating
 * its own. On PGlite, a dump of its data folder in a temporary file (loading a
 * dump takes a fraction of a migration); on PostgreSQL, a template database
 * (`CREATE DATABASE … TEMPLATE`). Both go when the run ends, with every
 * database the run's stores left behind on PostgreSQL.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump (tar) of a migrated PGlite data folder. */
    pgliteDump: string;
    /** A migrated PostgreSQL database to copy, and the prefix of the run's databases. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const run = randomBytes(4).toString("hex");
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({});
    const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    const dump = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    await database.close();
    const file = path.join(os.tmpdir(), `store-test-${run}.tar`);
    fs.writeFileSync(file, dump);
    project.provide("pgliteDump", file);
    project.provide("pgTemplate", "");
    return () => fs.rmSync(file, { force: true });
  }

  const template = `store_test_${run}`;
  await admin(adminUrl, `CREATE DATABASE ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  // A template copies only while nobody is connected to it.
  await database.close();
  project.provide("pgliteDump", "");
  project.provide("pgTemplate", template);
  return async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      // The run's stores drop theirs as they close; a store a failed file left open goes here too.
      const { rows } = await c.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname DESC",
        [`${template}%`],
      );
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
}

async function admin(adminUrl: string, sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
