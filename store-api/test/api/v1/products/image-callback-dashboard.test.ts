import dns from "node:dns";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../../../src/db/schema/index.js";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { eventually, imgKey, jpeg, loopbackServer, mediaConfig, mediaFolders, newProduct } from "./media-helpers.js";

/**
 * The upload callback in the default set-up (docs/contract.md#uploads,
 * docs/architecture.md#image-imports): a store configured as `npm start`
 * configures it (development mode, no STORE_API_ALLOW_PRIVATE_FETCHES,
 * STORE_DASHBOARD_URL the dashboard's address on the loopback) calls back to
 * exactly that origin, and refuses every other loopback one; a host name that
 * does not exist fails its image at once, with its reason in the callback.
 */

type Callback = { success: { tiny: string }[]; error: Record<string, string> };

describe("the upload callback to the store's own dashboard (npm start's set-up)", () => {
  let store: TestStore;
  let admin: string;
  let dashboard: Awaited<ReturnType<typeof loopbackServer>>;
  let other: Awaited<ReturnType<typeof loopbackServer>>;
  let dashboardUrl: string;
  const folders = mediaFolders();

  beforeAll(async () => {
    // Where the store's lookup of "localhost" connects (its first address), as `npm start`'s dashboard does.
    const { address } = await dns.promises.lookup("localhost");
    dashboard = await loopbackServer((_req, res) => res.writeHead(204).end(), address);
    other = await loopbackServer((_req, res) => res.writeHead(204).end(), address);
    dashboardUrl = `http://localhost:${dashboard.port}`;
    // The defaults but the dashboard's address: development mode, private fetches not allowed.
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders, { dashboardUrl })));
    expect(store.app.config.mode).toBe("development");
    expect(store.app.config.allowPrivateFetches).toBe(false);
    fs.writeFileSync(path.join(folders.importDir, "c.jpg"), await jpeg(100, 300));
  });
  afterAll(async () => {
    await store.close();
    await Promise.all([dashboard.close(), other.close()]);
    folders.cleanup();
  });

  const jobsOf = (key: string) =>
    store.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.payload}->>'key' = ${key}`);

  it("calls back to the dashboard's origin; a host that does not exist fails at once with its reason", async () => {
    const key = await newProduct(store, admin);
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify(["https://example.invalid/x.jpg", "c.jpg"]),
      callback_options: JSON.stringify({ url: `${dashboardUrl}/api/import-callback/abc` }),
    });
    expect(res.status, res.text).toBe(202);
    const [missing, found] = res.json as [string, string];

    const call = await eventually(async () => dashboard.requests[0]);
    expect(call.method).toBe("POST");
    expect(call.url).toBe("/api/import-callback/abc");
    const body = JSON.parse(call.body) as Callback;
    expect(body.error).toEqual({
      [missing]: "https://example.invalid/x.jpg could not be reached: its host name does not exist (ENOTFOUND)",
    });
    expect(body.success.map(imgKey)).toEqual([found]);
    // The unknown host took one attempt, not three; the callback was delivered at its first.
    const [job] = await jobsOf(missing);
    expect(job).toMatchObject({ state: "failed", attempts: 1 });
    const [callback] = await store.database.db
      .select()
      .from(jobs)
      .where(sql`${jobs.batch} = ${job!.batch} and ${jobs.kind} = 'upload_callback'`);
    expect(callback).toMatchObject({ state: "done", attempts: 1 });
  });

  it("refuses a callback to any other loopback origin", async () => {
    const key = await newProduct(store, admin);
    // The same port written as an IP literal is another origin: refused at once (422, nothing enqueued).
    const literal = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify(["c.jpg"]),
      callback_options: JSON.stringify({ url: `http://127.0.0.1:${dashboard.port}/api/import-callback/x` }),
    });
    expect(literal.status).toBe(422);
    expect(literal.json.fields).toEqual({ callback_options: "url 127.0.0.1 refused: not a public address" });

    // Another port of localhost: refused when the callback looks the name up, and nothing is sent there.
    const dashboardCalls = dashboard.requests.length;
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify(["c.jpg"]),
      callback_options: JSON.stringify({ url: `http://localhost:${other.port}/cb` }),
    });
    expect(res.status, res.text).toBe(202);
    const [imported] = res.json as [string];
    const [done] = await eventually(async () => {
      const rows = await jobsOf(imported);
      return rows[0]?.state === "done" && rows;
    });
    const callback = await eventually(async () => {
      const [row] = await store.database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.batch} = ${done!.batch} and ${jobs.kind} = 'upload_callback'`);
      return row?.state === "failed" && row;
    });
    expect(callback.error).toBe("the callback URL localhost refused: not a public address");
    expect(other.requests).toEqual([]);
    expect(dashboard.requests.length).toBe(dashboardCalls);
  });
});
