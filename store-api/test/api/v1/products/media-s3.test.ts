import fs from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../../src/app.js";
import { testConfig } from "../../../../src/config.js";
import { mediaBaseUrl, mediaStorage } from "../../../../src/media/storage.js";
import { api, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { LocalBucket, type S3Settings } from "../../../helpers/bucket.js";
import {
  eventually,
  imgKey,
  jpeg,
  mediaConfig,
  mediaFolders,
  newProduct,
  served,
  uploadImage,
} from "./media-helpers.js";

/**
 * The S3 media driver (docs/architecture.md#media-storage) against a local S3-compatible server
 * (s3rver, on the loopback), with two instances of the store on one database and one bucket:
 * each has its own data folder, so whatever one serves of the other's work comes from the bucket.
 */

describe("media in an S3-compatible bucket, two instances", () => {
  let store: TestStore;
  let admin: string;
  let other: FastifyInstance;
  let otherUrl: string;
  const folders = mediaFolders();
  const otherFolders = mediaFolders();

  const bucket = new LocalBucket();
  let settings: S3Settings;
  /** The keys in the bucket, sorted. */
  const objects = () => bucket.keys();
  const localMedia = (dataDir: string) =>
    fs.existsSync(path.join(dataDir, "media")) ? fs.readdirSync(path.join(dataDir, "media")) : [];
  /** The same file's URL on the other instance. */
  const onOther = (url: string) => `${otherUrl}${new URL(url).pathname}`;

  beforeAll(async () => {
    await bucket.start();
    settings = bucket.settings;
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders, { media: settings })));
    other = await buildApp({
      // Its own data folder; the import folder is the shared one, as instances of one store share it
      // (either instance's job worker may import its files).
      config: testConfig(
        mediaConfig({ dataDir: otherFolders.dataDir, importDir: folders.importDir }, { media: settings }),
      ),
      // The second instance must not close the first one's database.
      database: { ...store.database, close: async () => {} },
    });
    await other.listen({ port: 0, host: "127.0.0.1" });
    const address = other.server.address();
    otherUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    other.config.publicUrl = otherUrl;
  });
  afterAll(async () => {
    await other?.close();
    await store?.close();
    await bucket.close();
    folders.cleanup();
    otherFolders.cleanup();
  });

  it("keeps an upload's five sizes in the bucket, served by either instance; a delete removes them", async () => {
    const key = await newProduct(store, admin);
    const res = await uploadImage(store, admin, key, await jpeg(1200, 600));
    expect(res.status, res.text).toBe(201);
    const id = imgKey(res.json);
    const names = ["huge", "large", "medium", "small", "tiny"].map((size) => `${id}-${size}.jpg`);
    expect((await objects()).filter((k) => k.startsWith(id))).toEqual(names);
    // Nothing of it on either instance's disk.
    expect(localMedia(folders.dataDir)).toEqual([]);
    expect(localMedia(otherFolders.dataDir)).toEqual([]);

    for (const url of [res.json.large as string, onOther(res.json.large as string)]) {
      const file = await served(url);
      expect(file.res.status).toBe(200);
      expect(file.res.headers.get("content-type")).toBe("image/jpeg");
      expect(file.res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect([file.width, file.height]).toEqual([1024, 512]);
    }

    const removed = await api(store, admin, "DELETE", `/products/${key}/images/${id}`);
    expect(removed.status, removed.text).toBeLessThan(300);
    expect((await objects()).filter((k) => k.startsWith(id))).toEqual([]);
    expect((await served(onOther(res.json.large as string))).res.status).toBe(404);
  });

  it("an image imported by one instance's job is served by the other", async () => {
    fs.writeFileSync(path.join(folders.importDir, "crate.jpg"), await jpeg(400, 300));
    const key = await newProduct(store, admin, "Crate");
    const res = await api(store, admin, "POST", `/products/${key}/images`, {
      images: JSON.stringify(["crate.jpg"]),
    });
    expect(res.status, res.text).toBe(202);
    const [id] = res.json as string[];
    // The image once its job is done; its files are in the folder of the claim that made them (media/files.ts).
    const image = await eventually(async () => {
      const listed = await api(store, admin, "GET", `/products/${key}/images`);
      return listed.json.length > 0 && (listed.json[0] as Record<string, string>);
    });
    expect(imgKey(image as { tiny: string })).toBe(id);
    const name = new URL(image.medium!).pathname.replace(/^\/media\//, "");
    expect(name).toMatch(new RegExp(`^c\\d+/${id}-medium\\.jpg$`));
    const file = await served(onOther(image.medium!));
    expect(file.res.status).toBe(200);
    expect([file.width, file.height]).toEqual([400, 300]);
    expect(await objects()).toContain(name.replace("medium", "tiny"));
    // Whichever instance's worker imported it, both serve it, from the bucket: neither disk has it.
    expect((await served(image.medium!)).res.status).toBe(200);
    expect(localMedia(folders.dataDir)).toEqual([]);
    expect(localMedia(otherFolders.dataDir)).toEqual([]);
  });

  it("draws a video's thumbnail once into the bucket, for both instances", async () => {
    const key = await newProduct(store, admin, "Film");
    const added = await api(store, admin, "POST", `/products/${key}/videos`, {
      video: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(added.status, added.text).toBe(201);
    const thumb = (added.json.thumb_url as string).replace("{size}", "small");
    const first = await served(onOther(thumb));
    expect(first.res.status).toBe(200);
    expect(first.format).toBe("jpeg");
    const name = path.basename(new URL(thumb).pathname);
    expect(await objects()).toContain(name);
    expect((await served(thumb)).bytes.equals(first.bytes)).toBe(true);
    expect(localMedia(otherFolders.dataDir)).toEqual([]);
  });

  it("checks that the bucket can be written, and says which one cannot", async () => {
    await expect(mediaStorage({ dataDir: folders.dataDir, media: settings }).check()).resolves.toBeUndefined();
    const missing = { ...settings, bucket: "no-such-bucket" };
    await expect(mediaStorage({ dataDir: folders.dataDir, media: missing }).check()).rejects.toThrow(
      /the media bucket no-such-bucket is not usable/,
    );
  });

  it("names files under the configured public URL when there is one, else the store's /media/", () => {
    expect(mediaBaseUrl({ publicUrl: "https://shop.example", media: settings })).toBe("https://shop.example/media");
    expect(
      mediaBaseUrl({ publicUrl: "https://shop.example", media: { ...settings, publicUrl: "https://cdn.example/m" } }),
    ).toBe("https://cdn.example/m");
  });
});
