import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStore, type TestStore } from "../helpers/index.js";
import { LogCapture } from "./log-capture.js";

/**
 * GET /healthz and GET /readyz (docs/architecture.md#operations): what a load
 * balancer asks, and what the store answers when one of its checks fails.
 */

const temp = fs.mkdtempSync(path.join(os.tmpdir(), "store-probes-test-"));
let store: TestStore;
const logs = new LogCapture();

beforeAll(async () => {
  // One request a second per token: the probes carry none, and are not limited.
  store = await startStore(
    { logLevel: "info", rateLimit: 1, dataDir: path.join(temp, "store") },
    { logStream: logs.stream },
  );
});
afterAll(async () => {
  await store.close();
  fs.rmSync(temp, { recursive: true, force: true });
});

interface Readyz {
  status: string;
  error?: string;
  error_description?: string;
  checks: Record<
    "database" | "migrations" | "media",
    { status: string; error?: string; applied?: number; shipped?: number }
  >;
}

async function getJson(url: string) {
  const res = await fetch(url);
  return {
    status: res.status,
    cache: res.headers.get("cache-control"),
    body: (await res.json()) as Readyz,
  };
}

describe("GET /healthz", () => {
  it("answers 200 {status: ok} without a token, as often as asked", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await getJson(`${store.url}/healthz`);
      expect(res).toEqual({ status: 200, cache: "no-store", body: { status: "ok" } });
    }
  });
});

describe("GET /readyz", () => {
  it("answers 200 naming each check when the database, its migrations and the media folder are fine", async () => {
    const res = await getJson(`${store.url}/readyz`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: "ready",
      checks: {
        database: { status: "ok" },
        migrations: { status: "ok", applied: expect.any(Number), shipped: expect.any(Number) },
        media: { status: "ok" },
      },
    });
    expect(res.body.checks.migrations.applied).toBe(res.body.checks.migrations.shipped);
    // The media check leaves nothing behind.
    expect(fs.readdirSync(path.join(temp, "store", "media"))).toEqual([]);
  });

  it("answers 503 naming the migration the database lacks", async () => {
    const [newest] = (
      (await store.database.db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await store.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    try {
      const res = await getJson(`${store.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.body.status).toBe("unready");
      expect(res.body.error).toBe("not_ready");
      expect(res.body.checks.database).toEqual({ status: "ok" });
      expect(res.body.checks.media).toEqual({ status: "ok" });
      expect(res.body.checks.migrations.status).toBe("failed");
      const journal = JSON.parse(
        fs.readFileSync(path.resolve(import.meta.dirname, "../../drizzle/meta/_journal.json"), "utf8"),
      ) as { entries: { tag: string }[] };
      const tag = journal.entries.at(-1)!.tag;
      expect(res.body.checks.migrations.error).toContain(tag);
      expect(res.body.error_description).toMatch(/^The store is not ready: migrations: .+\.$/);
      expect(res.body.error_description).toContain(tag);
    } finally {
      await store.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await getJson(`${store.url}/readyz`)).status).toBe(200);
  });

  it("answers 503 naming the media folder when no file can be written there", async () => {
    const media = path.join(temp, "store", "media");
    fs.rmSync(media, { recursive: true, force: true });
    // A file where the folder should be: nothing can be written under it (even as root).
    fs.writeFileSync(media, "not a folder");
    try {
      const res = await getJson(`${store.url}/readyz`);
      expect(res.status).toBe(503);
      expect(res.body.checks).toMatchObject({
        database: { status: "ok" },
        migrations: { status: "ok" },
        media: { status: "failed", error: expect.stringMatching(/^the media folder is not writable: /) },
      });
      expect(res.body.error_description).toMatch(/^The store is not ready: media: the media folder is not writable/);
    } finally {
      fs.rmSync(media, { force: true });
    }
    expect((await getJson(`${store.url}/readyz`)).status).toBe(200);
  });

  it("is not logged per request at info level, while other requests are", async () => {
    const before = logs.lines.length;
    await getJson(`${store.url}/healthz`);
    await getJson(`${store.url}/readyz`);
    const home = await fetch(`${store.url}/`);
    await home.text();
    const reqId = home.headers.get("x-request-id")!;
    await logs.completed(reqId);
    const urls = logs.lines
      .slice(before)
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toEqual(["/"]);
  });

  // Last: the database is closed for good.
  it("answers 503 naming the database when it does not answer, and skips the migrations", async () => {
    const close = store.database.close.bind(store.database);
    await close();
    // The app closes it again when the store closes: once is enough.
    store.database.close = async () => {};
    const res = await getJson(`${store.url}/readyz`);
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({
      database: { status: "failed", error: expect.stringMatching(/^the database did not answer: /) },
      migrations: { status: "skipped", error: "the database did not answer" },
      media: { status: "ok" },
    });
    expect(res.body.error_description).toMatch(/^The store is not ready: database: the database did not answer: .+\.$/);
    // Alive all the same: the liveness probe does not touch the database.
    expect((await getJson(`${store.url}/healthz`)).status).toBe(200);
  });
});
