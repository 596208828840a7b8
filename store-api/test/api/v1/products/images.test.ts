import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClient, addUser, api, seedToken, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";
import { pour } from "../../../helpers/raw-http.js";
import { imgKey, jpeg, mediaConfig, mediaFolders, newProduct, png, served, uploadImage } from "./media-helpers.js";

/** The single image upload, the images sub-resource and /media/ (docs/contract.md#uploads). */

const SIZES = { tiny: 64, small: 160, medium: 480, large: 1024, huge: 2048 };

describe("product images", () => {
  let store: TestStore;
  let admin: string;
  const folders = mediaFolders();
  const mediaFiles = () => fs.readdirSync(path.join(folders.dataDir, "media")).sort();
  const tmpFiles = () =>
    fs.existsSync(path.join(folders.dataDir, "tmp")) ? fs.readdirSync(path.join(folders.dataDir, "tmp")) : [];

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders)));
  });
  afterAll(async () => {
    await store.close();
    folders.cleanup();
  });

  it("stores an upload in five sizes by longest edge, served with a year's immutable cache", async () => {
    const key = await newProduct(store, admin);
    const res = await uploadImage(store, admin, key, await jpeg(3000, 1500));
    expect(res.status, res.text).toBe(201);
    expect(Object.keys(res.json).sort()).toEqual(["huge", "large", "medium", "small", "tiny"]);
    const id = imgKey(res.json);
    for (const [size, edge] of Object.entries(SIZES)) {
      const url = res.json[size] as string;
      expect(url).toBe(`${store.url}/media/${id}-${size}.jpg`);
      const file = await served(url);
      expect(file.res.status).toBe(200);
      expect(file.res.headers.get("content-type")).toBe("image/jpeg");
      expect(file.res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(file.format).toBe("jpeg");
      expect([file.width, file.height]).toEqual([edge, edge / 2]);
    }
    // The product shows it, size-keyed; the upload left no temporary file behind.
    const product = await api(store, admin, "GET", `/products/${key}`);
    expect(product.json.images).toEqual([res.json]);
    expect(tmpFiles()).toEqual([]);
  });

  it("never upscales, and keeps transparency (a PNG becomes WebP)", async () => {
    const key = await newProduct(store, admin);
    const res = await uploadImage(store, admin, key, await png(300, 100), { filename: "logo.png", type: "image/png" });
    expect(res.status, res.text).toBe(201);
    const tiny = await served(res.json.tiny);
    expect(tiny.res.headers.get("content-type")).toBe("image/webp");
    expect([tiny.width, tiny.height]).toEqual([64, 21]);
    const huge = await served(res.json.huge);
    expect([huge.width, huge.height]).toEqual([300, 100]);
    expect(huge.format).toBe("webp");
  });

  it("turns a photo upright by its EXIF orientation and leaves the orientation tag behind", async () => {
    const key = await newProduct(store, admin);
    // Stored 300×100 with "rotate 90° clockwise to view" (orientation 6): upright it is 100×300.
    const sideways = await sharp({ create: { width: 300, height: 100, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadImage(store, admin, key, sideways);
    expect(res.status, res.text).toBe(201);
    for (const size of ["huge", "small"] as const) {
      const file = await served(res.json[size]);
      const meta = await sharp(file.bytes).metadata();
      expect(meta.orientation ?? 1, size).toBe(1);
      expect([file.width, file.height], size).toEqual(size === "huge" ? [100, 300] : [53, 160]);
    }
  });

  it("keeps a transparent picture's transparency and a greyscale picture's shades in every size", async () => {
    const key = await newProduct(store, admin);
    // Left half opaque red, right half fully transparent.
    const half = await sharp({ create: { width: 200, height: 100, channels: 4, background: "#ff000000" } })
      .composite([
        {
          input: await sharp({ create: { width: 100, height: 100, channels: 4, background: "#ff0000ff" } })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const transparent = await uploadImage(store, admin, key, half, { filename: "half.png", type: "image/png" });
    expect(transparent.status, transparent.text).toBe(201);
    for (const size of ["huge", "tiny"] as const) {
      const file = await served(transparent.json[size]);
      const { data, info } = await sharp(file.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const alphaAt = (x: number) => data[(Math.floor(info.height / 2) * info.width + x) * info.channels + 3];
      expect(alphaAt(2), size).toBeGreaterThan(240);
      expect(alphaAt(info.width - 3), size).toBeLessThan(15);
    }

    const grey = await sharp({ create: { width: 120, height: 80, channels: 3, background: "#808080" } })
      .greyscale()
      .jpeg()
      .toBuffer();
    const shaded = await uploadImage(store, admin, key, grey);
    expect(shaded.status, shaded.text).toBe(201);
    const small = await served(shaded.json.small);
    const stats = await sharp(small.bytes).stats();
    expect([small.width, small.height]).toEqual([120, 80]);
    expect(Math.abs(stats.channels[0]!.mean - 128)).toBeLessThan(6);
  });

  it("takes GIF, WebP and AVIF too (stored as WebP)", async () => {
    const key = await newProduct(store, admin);
    const base = sharp({ create: { width: 90, height: 60, channels: 3, background: { r: 9, g: 90, b: 9 } } });
    for (const [format, bytes] of [
      ["gif", await base.clone().gif().toBuffer()],
      ["webp", await base.clone().webp().toBuffer()],
      ["avif", await base.clone().avif().toBuffer()],
    ] as const) {
      const res = await uploadImage(store, admin, key, bytes, { filename: `a.${format}`, type: `image/${format}` });
      expect(res.status, `${format}: ${res.text}`).toBe(201);
      const small = await served(res.json.small);
      expect(small.format, format).toBe("webp");
      expect([small.width, small.height], format).toEqual([90, 60]);
    }
  });

  it("refuses a file that is not an image with 415, by its content: a renamed PDF too", async () => {
    const key = await newProduct(store, admin);
    const before = mediaFiles();
    const text = await uploadImage(
      store,
      admin,
      key,
      Buffer.from("just some text, not a picture at all\n".repeat(10)),
      {
        filename: "notes.txt",
        type: "text/plain",
      },
    );
    expect(text.status, text.text).toBe(415);
    expect(text.json.error).toBe("unsupported_media_type");

    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n".repeat(20),
    );
    const renamed = await uploadImage(store, admin, key, pdf, { filename: "photo.jpg", type: "image/jpeg" });
    expect(renamed.status, renamed.text).toBe(415);
    expect(renamed.json.error).toBe("unsupported_media_type");

    // JPEG magic bytes on a body that does not decode: still a 415, never a 5xx.
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
    const damaged = await uploadImage(store, admin, key, broken, { filename: "broken.jpg" });
    expect(damaged.status, damaged.text).toBe(415);

    expect((await api(store, admin, "GET", `/products/${key}/images`)).json).toEqual([]);
    expect(mediaFiles()).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses an image over 20 MB with 413 before the whole body is sent", async () => {
    const key = await newProduct(store, admin);
    const head = await jpeg(64, 64);
    const boundary = "----media-test";
    const prefix = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    // Chunked, so that no Content-Length gives it away: the store counts the bytes as they come.
    const { response, sent } = await pour(store, {
      path: `/api/v1/products/${key}/images`,
      headers: { authorization: `Bearer ${admin}`, "content-type": `multipart/form-data; boundary=${boundary}` },
      prefix,
      // Each chunk starts like a JPEG; what follows the first is just more bytes of the same file.
      filler: Buffer.concat([head, Buffer.alloc(256 * 1024, 1)]),
      cap: 200 * 1024 * 1024,
    });
    expect(response.status, response.text).toBe(413);
    expect(response.json.error).toBe("payload_too_large");
    // Refused about where the limit was crossed, not after the 200 MB the client was ready to send.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
    expect(tmpFiles()).toEqual([]);

    // A Content-Length over the limit is refused at once.
    const declared = await pour(store, {
      path: `/api/v1/products/${key}/images`,
      headers: {
        authorization: `Bearer ${admin}`,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(30 * 1024 * 1024),
      },
      filler: Buffer.alloc(64 * 1024, 1),
      cap: 30 * 1024 * 1024,
    });
    expect(declared.response.status).toBe(413);
    expect(declared.sent).toBeLessThan(30 * 1024 * 1024);
    expect((await api(store, admin, "GET", `/products/${key}/images`)).json).toEqual([]);
  });

  it("takes an image of exactly 20 MB", async () => {
    const key = await newProduct(store, admin);
    const image = await jpeg(100, 100);
    // Bytes after a JPEG's end marker are ignored by decoders: pad to the limit exactly.
    const padded = Buffer.concat([image, Buffer.alloc(20 * 1024 * 1024 - image.length, 0)]);
    const res = await uploadImage(store, admin, key, padded);
    expect(res.status, res.text).toBe(201);
  });

  it("lists, gets, moves and deletes images; img_key comes from the URIs; a delete closes the gap", async () => {
    const key = await newProduct(store, admin);
    const uploaded = [];
    for (const colour of [10, 120, 240]) {
      const res = await uploadImage(store, admin, key, await jpeg(200, 100, { r: colour, g: 0, b: 0 }));
      expect(res.status).toBe(201);
      uploaded.push(res.json);
    }
    const [a, b, c] = uploaded.map(imgKey) as [string, string, string];
    const list = await api(store, admin, "GET", `/products/${key}/images`);
    expect(list.status).toBe(200);
    expect(list.json.map(imgKey)).toEqual([a, b, c]);
    expect(list.json.map((i: { order: number }) => i.order)).toEqual([1, 2, 3]);

    const one = await api(store, admin, "GET", `/products/${key}/images/${b}`);
    expect(one.status).toBe(200);
    expect(one.json).toEqual({ ...uploaded[1], order: 2 });

    // Move the third to the front: the others shift down.
    const moved = await api(store, admin, "PUT", `/products/${key}/images/${c}`, { order: "1" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toBe(true);
    const after = await api(store, admin, "GET", `/products/${key}`);
    expect(after.json.images.map(imgKey)).toEqual([c, a, b]);

    // PUT takes order only, within 1..count.
    const other = await api(store, admin, "PUT", `/products/${key}/images/${c}`, { order: "2", name: "x" });
    expect(other.status).toBe(422);
    expect(other.json.fields).toEqual({ name: expect.any(String) });
    const beyond = await api(store, admin, "PUT", `/products/${key}/images/${c}`, { order: "4" });
    expect(beyond.status).toBe(422);
    expect(beyond.json.fields).toEqual({ order: expect.any(String) });
    const zero = await api(store, admin, "PUT", `/products/${key}/images/${c}`, { order: "0" });
    expect(zero.status).toBe(422);
    const missing = await api(store, admin, "PUT", `/products/${key}/images/${c}`, {});
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toEqual({ order: expect.any(String) });
    expect((await api(store, admin, "GET", `/products/${key}`)).json.images.map(imgKey)).toEqual([c, a, b]);

    // Delete the middle one: the gap closes, its files go.
    const gone = await api(store, admin, "DELETE", `/products/${key}/images/${a}`);
    expect(gone.status).toBe(200);
    expect(gone.json).toBe(true);
    const rest = await api(store, admin, "GET", `/products/${key}/images`);
    expect(rest.json.map((i: { tiny: string; order: number }) => [imgKey(i), i.order])).toEqual([
      [c, 1],
      [b, 2],
    ]);
    expect((await served(uploaded[0].huge)).res.status).toBe(404);
    expect((await api(store, admin, "GET", `/products/${key}/images/${a}`)).status).toBe(404);
    expect((await api(store, admin, "DELETE", `/products/${key}/images/${a}`)).status).toBe(404);
  });

  it("uploads arriving at once each get their own position", async () => {
    const key = await newProduct(store, admin);
    const results = await Promise.all(
      [30, 60, 90, 120].map(async (w) => uploadImage(store, admin, key, await jpeg(w, 50))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    const list = await api(store, admin, "GET", `/products/${key}/images`);
    expect(list.json.map((i: { order: number }) => i.order)).toEqual([1, 2, 3, 4]);
    expect(list.json.map(imgKey).sort()).toEqual(results.map((r) => imgKey(r.json)).sort());
  });

  it("deleting a product deletes its files", async () => {
    const key = await newProduct(store, admin);
    const res = await uploadImage(store, admin, key, await jpeg(120, 80));
    expect((await served(res.json.small)).res.status).toBe(200);
    expect((await api(store, admin, "DELETE", `/products/${key}`)).status).toBe(200);
    expect((await served(res.json.small)).res.status).toBe(404);
    expect(mediaFiles().filter((f) => f.startsWith(imgKey(res.json)))).toEqual([]);
  });

  it("answers 404 for an unknown product or file, and 422 without image or images", async () => {
    expect((await uploadImage(store, admin, "no-such-product", await jpeg(10, 10))).status).toBe(404);
    expect((await api(store, admin, "GET", "/products/no-such-product/images")).status).toBe(404);
    for (const name of ["0123456789abcdef-tiny.jpg", "nothing.png", "..%2Fpgdata", "%2e%2e%2fstore.lock"]) {
      const res = await fetch(`${store.url}/media/${name}`);
      expect(res.status, name).toBe(404);
      expect(((await res.json()) as { error: string }).error).toBe("not_found");
    }
    const key = await newProduct(store, admin);
    const none = await api(store, admin, "POST", `/products/${key}/images`, {});
    expect(none.status).toBe(422);
    expect(none.json.fields).toEqual({ image: expect.any(String) });
    const textImage = await api(store, admin, "POST", `/products/${key}/images`, { image: "not a file" });
    expect(textImage.status).toBe(422);
    const wrongField = await uploadImage(store, admin, key, await jpeg(10, 10), { field: "picture" });
    expect(wrongField.status).toBe(400);
  });

  it("needs manage_products to upload; reading needs none", async () => {
    const key = await newProduct(store, admin);
    const clerk = await addUser(store, { email: "clerk@example.com", permissions: ["manage_orders"] });
    const client = await addClient(store, { name: "Clerk App" });
    const token = (await seedToken(store, client, clerk)).access_token;
    const refused = await uploadImage(store, token, key, await jpeg(10, 10));
    expect(refused.status).toBe(403);
    expect((await api(store, token, "GET", `/products/${key}/images`)).status).toBe(200);
  });
});
