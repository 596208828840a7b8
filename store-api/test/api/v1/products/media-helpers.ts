import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { expect } from "vitest";
import { JOB_DEFAULTS, type JobSettings, type StoreConfig } from "../../../../src/config.js";
import { api, type TestStore } from "../../../helpers/index.js";

/** Shared by the images, videos and image-jobs tests (docs/contract.md#uploads). */

/** A fresh data folder (media files, the import folder) for one test file; removed by `cleanup`. */
export function mediaFolders(): { dataDir: string; importDir: string; cleanup: () => void } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-media-test-"));
  const importDir = path.join(dataDir, "import");
  fs.mkdirSync(importDir);
  return { dataDir, importDir, cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Store settings for media tests: its own folders, jobs polled often. */
export function mediaConfig(
  folders: { dataDir: string; importDir: string },
  more: Omit<Partial<StoreConfig>, "jobs"> & { jobs?: Partial<JobSettings> } = {},
) {
  return {
    dataDir: folders.dataDir,
    importDir: folders.importDir,
    ...more,
    jobs: { ...JOB_DEFAULTS, pollMs: 50, ...more.jobs },
  } satisfies Partial<StoreConfig>;
}

/** A JPEG of the size (plain colour, quick to make). */
export function jpeg(width: number, height: number, background = { r: 200, g: 60, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

/** A PNG with transparency. */
export function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** POST /products/{key}/images with the file as `image` (multipart), plus text fields. */
export async function uploadImage(
  store: TestStore,
  token: string,
  key: string,
  bytes: Buffer,
  opts: { filename?: string; type?: string; field?: string; fields?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(opts.fields ?? {})) form.append(name, value);
  form.append(opts.field ?? "image", new Blob([bytes], { type: opts.type ?? "image/jpeg" }), opts.filename ?? "a.jpg");
  const res = await fetch(`${store.url}/api/v1/products/${key}/images`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
  return { status: res.status, json: json as any, text, res };
}

/** Creates a product; its key. */
export async function newProduct(store: TestStore, token: string, name = "Linen Shirt"): Promise<string> {
  const res = await api(store, token, "POST", "/products", { name, price: "10" });
  expect(res.status, res.text).toBe(201);
  return res.json.key as string;
}

/** The img_key of an Image object: its file name without `-{size}.{ext}`. */
export function imgKey(image: { tiny: string }): string {
  return path.basename(new URL(image.tiny).pathname).replace(/-tiny\.\w+$/, "");
}

/** A served file: status, headers and the image's size when it is one. */
export async function served(url: string) {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = res.status === 200 ? await sharp(bytes).metadata() : null;
  return { res, bytes, width: meta?.width, height: meta?.height, format: meta?.format };
}

/** A loopback HTTP server for a test; `requests` records what it was asked. */
export async function loopbackServer(handler: http.RequestListener, host = "127.0.0.1") {
  const requests: { method: string; url: string; body: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({
        method: req.method ?? "",
        url: req.url ?? "",
        body: Buffer.concat(chunks).toString(),
        headers: req.headers,
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `check` returns a value (polling; the test's own timeout bounds it). */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, everyMs = 50): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
