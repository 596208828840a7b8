import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RenderSettings } from "../../../../src/config.js";
import { MAX_IMAGE_PIXELS } from "../../../../src/media/render.js";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { jpeg, mediaConfig, mediaFolders, newProduct, uploadImage } from "./media-helpers.js";

/**
 * What rendering an image may cost (docs/contract.md#uploads): at most
 * 50 million pixels, and a bounded number of renders at once in the process,
 * with a bounded queue behind them (a 503 with Retry-After past it).
 */

/** A real PNG of the size, black and white (1 bit a pixel): a few KB however many pixels it has. */
function bilevelPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(1 + Math.ceil(width / 8)); // filter byte 0, then black pixels
  const rows = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", rows),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A store with its own media folders and render settings, for the file's describe block. */
function renderStore(renders: RenderSettings) {
  const folders = mediaFolders();
  const t = {
    store: undefined as unknown as TestStore,
    admin: "",
    tmpFiles: () =>
      fs.existsSync(path.join(folders.dataDir, "tmp")) ? fs.readdirSync(path.join(folders.dataDir, "tmp")) : [],
  };
  beforeAll(async () => {
    ({ store: t.store, admin: t.admin } = await startStoreWithAdmin(mediaConfig(folders, { renders })));
  });
  afterAll(async () => {
    await t.store.close();
    folders.cleanup();
  });
  return t;
}

describe("image renders: pixels and concurrency", () => {
  const t = renderStore({ concurrency: 1, queue: 8 });

  it("refuses an image of more than 50 million pixels with 413, before decoding it; stores nothing", async () => {
    expect(MAX_IMAGE_PIXELS).toBe(50_000_000);
    const key = await newProduct(t.store, t.admin);
    const bomb = bilevelPng(10_000, 10_000); // 100 million pixels in a few kilobytes
    expect(bomb.length).toBeLessThan(100_000);
    const res = await uploadImage(t.store, t.admin, key, bomb, { type: "image/png", filename: "bomb.png" });
    expect(res.status, res.text).toBe(413);
    expect(res.json).toMatchObject({ error: "payload_too_large" });
    expect(res.json.error_description).toContain("10,000 × 10,000");
    expect((await api(t.store, t.admin, "GET", `/products/${key}/images`)).json).toEqual([]);
    expect(t.tmpFiles()).toEqual([]);
    // Just over the limit is refused too; the pixels, not the bytes, decide.
    const over = await uploadImage(t.store, t.admin, key, bilevelPng(7_072, 7_072), { type: "image/png" });
    expect(over.status).toBe(413);
  });

  it("renders one image at a time; uploads arriving at once wait their turn and all succeed", async () => {
    const key = await newProduct(t.store, t.admin);
    t.store.app.renders.resetPeak();
    const picture = await jpeg(1600, 1200);
    const results = await Promise.all(Array.from({ length: 5 }, () => uploadImage(t.store, t.admin, key, picture)));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(t.store.app.renders.peak).toBe(1);
    expect(t.store.app.renders.active).toBe(0);
    expect(t.store.app.renders.queued).toBe(0);
  });
});

describe("image renders: past the queue", () => {
  const t = renderStore({ concurrency: 1, queue: 1 });

  it("an upload that finds every slot and the queue taken is a 503 with Retry-After, and changes nothing", async () => {
    const key = await newProduct(t.store, t.admin);
    const picture = await jpeg(800, 600);
    // The process's one slot taken, and its one place in the queue: by work of the test's own.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holders = [t.store.app.renders.render(() => gate, "wait"), t.store.app.renders.render(() => gate, "wait")];
    expect([t.store.app.renders.active, t.store.app.renders.queued]).toEqual([1, 1]);
    const busy = await uploadImage(t.store, t.admin, key, picture);
    expect(busy.status, busy.text).toBe(503);
    expect(busy.json).toEqual({ error: "temporarily_unavailable", error_description: expect.any(String) });
    expect(Number(busy.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await api(t.store, t.admin, "GET", `/products/${key}/images`)).json).toEqual([]);
    expect(t.tmpFiles()).toEqual([]);
    release();
    await Promise.all(holders);
    // Sent again once the slot is free, it is taken.
    const again = await uploadImage(t.store, t.admin, key, picture);
    expect(again.status, again.text).toBe(201);
  });
});
