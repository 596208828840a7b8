import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_CHECK_TTL_MS } from "../../src/ops/readiness.js";
import { startStoreWithAdmin, type TestStore } from "../helpers/index.js";
import { LocalBucket, s3Settings } from "../helpers/bucket.js";
import { jpeg, mediaConfig, mediaFolders, newProduct, uploadImage } from "../api/v1/products/media-helpers.js";

/**
 * What the store's probes and its media route cost a bucket (docs/architecture.md#operations): a local
 * S3-compatible server (s3rver) behind a loopback proxy that counts every request the store sends it.
 * The outside review counted 300 S3 requests for 100 `/readyz` probes.
 */

describe("the bucket's cost of probes", () => {
  const bucket = new LocalBucket();
  let proxy: http.Server;
  let store: TestStore;
  let admin: string;
  const folders = mediaFolders();
  const sent: string[] = [];

  beforeAll(async () => {
    await bucket.start();
    // Counts what reaches the bucket, and passes it on unchanged.
    proxy = http.createServer((req, res) => {
      sent.push(`${req.method} ${req.url}`);
      const upstream = http.request(
        { host: "127.0.0.1", port: bucket.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on("error", () => res.destroy());
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const settings = s3Settings(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders, { media: settings })));
  });
  afterAll(async () => {
    await store?.close();
    await new Promise((resolve) => proxy?.close(resolve));
    await bucket.close();
    folders.cleanup();
  });

  it("100 readiness probes ask the bucket once per few seconds, not three times a probe", async () => {
    sent.length = 0;
    const started = Date.now();
    for (let i = 0; i < 100; i++) {
      const res = await fetch(`${store.url}/readyz`);
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
    const periods = 1 + Math.floor((Date.now() - started) / MEDIA_CHECK_TTL_MS);
    // Each check is a write, a read back and a delete.
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.length).toBeLessThanOrEqual(3 * periods);
  });

  it("a valid-looking name no saved image has is a 404 without asking the bucket; a saved one is served", async () => {
    const key = await newProduct(store, admin);
    const res = await uploadImage(store, admin, key, await jpeg(300, 200));
    expect(res.status, res.text).toBe(201);
    const url = new URL(res.json.small as string);

    sent.length = 0;
    for (const name of [
      "0123456789abcdef-small.jpg",
      "c7/0123456789abcdef-huge.webp",
      url.pathname.slice("/media/".length).replace(/[^/]*-small/, (m) => `x${m}`),
    ]) {
      for (let i = 0; i < 5; i++) {
        const miss = await fetch(`${store.url}/media/${name}`);
        expect(miss.status, name).toBe(404);
        await miss.body?.cancel();
      }
    }
    expect(sent).toEqual([]);

    const hit = await fetch(`${store.url}${url.pathname}`);
    expect(hit.status).toBe(200);
    await hit.arrayBuffer();
    expect(sent.filter((line) => line.startsWith("GET "))).toHaveLength(1);
  });
});
