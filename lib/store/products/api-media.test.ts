import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import {
  addProductVideo,
  deleteMedia,
  getProductMedia,
  importProductImages,
  importRefusal,
  setMediaOrder,
  thumbnailsFrom,
} from "./api-media";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const { serve } = localServers();

interface Seen {
  method: string;
  url: string;
  body: string;
}

/** A loopback store answering each `METHOD path` from `routes`; what it was sent. */
async function store(routes: Record<string, { status?: number; body: unknown }>) {
  const seen: Seen[] = [];
  const base = await serve(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += String(chunk);
    const key = `${req.method} ${req.url}`;
    seen.push({ method: req.method ?? "", url: req.url ?? "", body });
    const route = routes[key];
    res
      .writeHead(route ? (route.status ?? 200) : 404, { "content-type": "application/json" })
      .end(JSON.stringify(route ? route.body : { error: "not_found" }));
  });
  return { seen, client: new StoreClient({ baseUrl: base, accessToken: "t" }) };
}

const sizes = (stem: string) =>
  Object.fromEntries(
    ["tiny", "small", "medium", "large", "huge"].map((s) => [s, `http://s.test/media/${stem}-${s}.jpg`]),
  );

describe("a product's media", () => {
  it("reads images and videos; videos as Video objects get their thumbnails from thumb_url", async () => {
    const { client } = await store({
      "GET /api/v1/products/p1/images": {
        body: [{ ...sizes("aaaa"), order: 2 }, "not an image", { ...sizes("bbbb") }],
      },
      "GET /api/v1/products/p1/videos": {
        body: [
          {
            id: "dQw4w9WgXcQ",
            type: "youtube",
            url: "https://youtu.be/dQw4w9WgXcQ",
            thumb_url: "http://s.test/media/video-youtube-dQw4w9WgXcQ-{size}.jpg",
            order: 1,
          },
          // The spec's own shape: size-keyed thumbnails.
          sizes("video-vimeo-42"),
        ],
      },
    });
    const media = await getProductMedia(client, "p1");
    expect(media.images.map((i) => [i.key, i.order])).toEqual([
      ["aaaa", 2],
      // A bare string is read as one URI for every size (the schema's tolerance).
      ["not an image", null],
      ["bbbb", null],
    ]);
    expect(media.videos[0]).toEqual({
      key: "dQw4w9WgXcQ",
      type: "youtube",
      url: "https://youtu.be/dQw4w9WgXcQ",
      order: 1,
      thumbnails: sizes("video-youtube-dQw4w9WgXcQ"),
    });
    expect(media.videos[1]!.thumbnails).toEqual(sizes("video-vimeo-42"));
  });

  it("imports by URL with `images` as a JSON list, and answers the ids", async () => {
    const { client, seen } = await store({
      "POST /api/v1/products/p%201/images": { status: 202, body: ["k1", 2] },
    });
    expect(await importProductImages(client, "p 1", ["https://a.test/1.jpg", "imports/2.png"])).toEqual(["k1", "2"]);
    expect(new URLSearchParams(seen[0]!.body).get("images")).toBe('["https://a.test/1.jpg","imports/2.png"]');
    expect(new URLSearchParams(seen[0]!.body).has("callback_options")).toBe(false);
  });

  it("asks for the store's report at the callback URL when given one", async () => {
    const { client, seen } = await store({
      "POST /api/v1/products/p1/images": { status: 202, body: ["k1"] },
    });
    await importProductImages(client, "p1", ["https://a.test/1.jpg"], {
      callbackUrl: "https://admin.test/api/import-callback/abc",
    });
    expect(JSON.parse(new URLSearchParams(seen[0]!.body).get("callback_options")!)).toEqual({
      url: "https://admin.test/api/import-callback/abc",
      on_success: true,
    });
  });

  it("reads the store's reasons when it refuses sources at once, entry by entry", async () => {
    // The bundled store's 422 (docs/contract.md#uploads, #errors).
    const images =
      "entry 2 127.0.0.1 refused: not a public address; entry 3 must be an http(s) URL or a path inside the store's import folder";
    const { client } = await store({
      "POST /api/v1/products/p1/images": {
        status: 422,
        body: { error: "validation_failed", error_description: `images ${images}`, fields: { images } },
      },
    });
    const error = await importProductImages(client, "p1", ["a", "b", "c"]).catch((e: unknown) => e);
    expect(importRefusal(error)).toEqual({
      entries: [
        { index: 2, reason: "127.0.0.1 refused: not a public address" },
        { index: 3, reason: "must be an http(s) URL or a path inside the store's import folder" },
      ],
      whole: null,
      callback: false,
    });
  });

  it("knows a refused callback address, and a store that says it in plain text", async () => {
    const { client } = await store({
      "POST /api/v1/products/p1/images": {
        status: 422,
        body: {
          error: "validation_failed",
          error_description: "callback_options url 10.0.0.1 refused: not a public address",
          fields: { callback_options: "url 10.0.0.1 refused: not a public address" },
        },
      },
    });
    const error = await importProductImages(client, "p1", ["a"], { callbackUrl: "http://10.0.0.1/x" }).catch(
      (e: unknown) => e,
    );
    expect(importRefusal(error)).toEqual({ entries: [], whole: null, callback: true });

    const plain = await serve((_req, res) => {
      res.writeHead(422, { "content-type": "text/plain" }).end("Error: that host is not allowed");
    });
    const plainError = await importProductImages(new StoreClient({ baseUrl: plain, accessToken: "t" }), "p1", [
      "a",
    ]).catch((e: unknown) => e);
    expect(importRefusal(plainError)).toEqual({
      entries: [],
      whole: "Error: that host is not allowed",
      callback: false,
    });
    expect(importRefusal(new Error("x"))).toBeNull();
  });

  it("adds a video by its URL and reads the Video object", async () => {
    const { client, seen } = await store({
      "POST /api/v1/products/p1/videos": {
        status: 201,
        body: { id: "76979871", type: "vimeo", url: "https://vimeo.com/76979871", thumb_url: "x-{size}.jpg" },
      },
    });
    expect(await addProductVideo(client, "p1", "https://vimeo.com/76979871")).toEqual({
      key: "76979871",
      type: "vimeo",
      url: "https://vimeo.com/76979871",
      thumbUrl: "x-{size}.jpg",
    });
    expect(new URLSearchParams(seen[0]!.body).get("video")).toBe("https://vimeo.com/76979871");
  });

  it("moves and deletes an image or a video on its own path", async () => {
    const { client, seen } = await store({
      "PUT /api/v1/products/p1/images/aaaa": { body: true },
      "PUT /api/v1/products/p1/videos/dQw4w9WgXcQ": { body: { id: "dQw4w9WgXcQ", order: 1 } },
      "DELETE /api/v1/products/p1/images/aaaa": { body: true },
    });
    await setMediaOrder(client, "p1", "image", "aaaa", 3);
    await setMediaOrder(client, "p1", "video", "dQw4w9WgXcQ", 1);
    await deleteMedia(client, "p1", "image", "aaaa");
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      "PUT /api/v1/products/p1/images/aaaa order=3",
      "PUT /api/v1/products/p1/videos/dQw4w9WgXcQ order=1",
      "DELETE /api/v1/products/p1/images/aaaa ",
    ]);
    await expect(deleteMedia(client, "p1", "video", "gone")).rejects.toThrow("No video with id gone.");
  });
});

describe("thumbnailsFrom", () => {
  it("fills the size placeholder, or gives nothing without one", () => {
    expect(thumbnailsFrom("https://s.test/v-{size}.jpg").medium).toBe("https://s.test/v-medium.jpg");
    expect(thumbnailsFrom("https://s.test/v-%s.jpg").tiny).toBe("https://s.test/v-tiny.jpg");
    expect(thumbnailsFrom("https://s.test/v.jpg")).toEqual({});
  });
});
