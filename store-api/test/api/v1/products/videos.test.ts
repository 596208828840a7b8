import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { api, startStoreWithAdmin, type TestStore, writeBehindApi } from "../../../helpers/index.js";
import { imgKey, jpeg, mediaConfig, mediaFolders, newProduct, served, uploadImage } from "./media-helpers.js";

/** The videos sub-resource, and the one order images and videos share (docs/contract.md#uploads). */

describe("product videos", () => {
  let store: TestStore;
  let admin: string;
  const folders = mediaFolders();

  beforeAll(async () => {
    ({ store, admin } = await startStoreWithAdmin(mediaConfig(folders)));
  });
  afterAll(async () => {
    await store.close();
    folders.cleanup();
  });

  const addVideo = (key: string, video: string) => api(store, admin, "POST", `/products/${key}/videos`, { video });

  it("parses every common YouTube and Vimeo URL form into the Video object, its url rebuilt from the id", async () => {
    const youtube = [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?v=dQw4w9WgXc1&t=42s&list=PL123",
      "https://m.youtube.com/watch?feature=share&v=dQw4w9WgXc2",
      "https://youtu.be/dQw4w9WgXc3?si=abc",
      "https://www.youtube.com/embed/dQw4w9WgXc4",
      "https://www.youtube-nocookie.com/embed/dQw4w9WgXc5?rel=0",
      "https://www.youtube.com/shorts/dQw4w9WgXc6",
      "https://www.youtube.com/live/dQw4w9WgXc7",
      "https://www.youtube.com/v/dQw4w9WgXc8",
      "youtu.be/dQw4w9WgX-_",
    ];
    const vimeo: [string, string, string][] = [
      ["https://vimeo.com/76979871", "76979871", "https://vimeo.com/76979871"],
      ["https://vimeo.com/76979872/abcdef1234", "76979872", "https://vimeo.com/76979872/abcdef1234"],
      ["https://player.vimeo.com/video/76979873?h=abc", "76979873", "https://vimeo.com/76979873/abc"],
      ["https://vimeo.com/channels/staffpicks/76979874", "76979874", "https://vimeo.com/76979874"],
      ["https://vimeo.com/groups/shortfilms/videos/76979875", "76979875", "https://vimeo.com/76979875"],
      ["https://vimeo.com/album/123/video/76979876", "76979876", "https://vimeo.com/76979876"],
      ["https://vimeo.com/showcase/123/video/76979877#t=5", "76979877", "https://vimeo.com/76979877"],
    ];
    const key = await newProduct(store, admin);
    for (const url of youtube) {
      const res = await addVideo(key, url);
      expect(res.status, `${url}: ${res.text}`).toBe(201);
      const id = url.match(/([A-Za-z0-9_-]{11})(?:[?&]|$)/)![1];
      expect(res.json).toEqual({
        id,
        type: "youtube",
        url: `https://www.youtube.com/watch?v=${id}`,
        thumb_url: `${store.url}/media/video-youtube-${id}-{size}.jpg`,
        order: expect.any(Number),
      });
    }
    for (const [url, id, canonical] of vimeo) {
      const res = await addVideo(key, url);
      expect(res.status, `${url}: ${res.text}`).toBe(201);
      expect(res.json).toMatchObject({ id, type: "vimeo", url: canonical });
    }
    const read = await api(store, admin, "GET", `/products/${key}/videos`);
    expect(read.json.map((v: { url: string }) => v.url)).toEqual([
      ...youtube.map((u) => `https://www.youtube.com/watch?v=${u.match(/([A-Za-z0-9_-]{11})(?:[?&]|$)/)![1]}`),
      ...vimeo.map(([, , canonical]) => canonical),
    ]);
  });

  it("refuses a URL that only looks like a video's (a user name, another scheme), and stores nothing", async () => {
    const key = await newProduct(store, admin);
    for (const url of [
      "javascript:alert(document.domain);'@youtube.com/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)//@www.youtube.com/embed/dQw4w9WgXcQ",
      "data:,<script>alert(1)</script>@youtube.com/watch?v=dQw4w9WgXcQ",
      "data:text/html;base64,PHNjcmlwdD4=@vimeo.com/76979871",
      "https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://evil.example@vimeo.com/76979871",
      "vbscript:x@youtu.be/dQw4w9WgXcQ",
    ]) {
      const res = await addVideo(key, url);
      expect(res.status, `${url}: ${res.text}`).toBe(422);
      expect(res.json.fields).toEqual({ video: expect.any(String) });
      const created = await api(store, admin, "POST", "/products", {
        name: "With a video",
        price: "1",
        videos: JSON.stringify([url]),
      });
      expect(created.status, url).toBe(422);
      expect(created.json.fields).toEqual({ videos: expect.any(String) });
    }
    expect((await api(store, admin, "GET", `/products/${key}/videos`)).json).toEqual([]);
  });

  it("reads a video stored with its text as sent (before URLs were rebuilt) as the rebuilt URL", async () => {
    const key = await newProduct(store, admin);
    const added = await addVideo(key, "https://www.youtube.com/watch?v=dQw4w9WgXcZ");
    expect(added.status).toBe(201);
    await writeBehindApi(store, () =>
      store.database.db.execute(
        sql`update product_media set video_url = ${"javascript:alert(document.domain);'@youtube.com/watch?v=dQw4w9WgXcZ"} where key = 'dQw4w9WgXcZ'`,
      ),
    );
    const read = await api(store, admin, "GET", `/products/${key}/videos/dQw4w9WgXcZ`);
    expect(read.json.url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcZ");
  });

  it("refuses any other host, or no video, with 422 naming video", async () => {
    const key = await newProduct(store, admin);
    for (const url of [
      "https://example.com/watch?v=dQw4w9WgXcQ",
      "https://www.dailymotion.com/video/x7tgad0",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/",
      "https://vimeo.com/about",
      "ftp://vimeo.com/76979871",
      "javascript:alert(1)",
      "not a url",
    ]) {
      const res = await addVideo(key, url);
      expect(res.status, url).toBe(422);
      expect(res.json.fields).toEqual({ video: expect.any(String) });
    }
    const missing = await api(store, admin, "POST", `/products/${key}/videos`, {});
    expect(missing.status).toBe(422);
    expect(missing.json.fields).toEqual({ video: "is required" });
    expect((await api(store, admin, "GET", `/products/${key}/videos`)).json).toEqual([]);
  });

  it("images and videos share one order: new ones go last, a move shifts the others, a delete closes the gap", async () => {
    const key = await newProduct(store, admin);
    const first = (await uploadImage(store, admin, key, await jpeg(80, 40))).json;
    const video = (await addVideo(key, "https://youtu.be/dQw4w9WgXcQ")).json;
    const last = (await uploadImage(store, admin, key, await jpeg(40, 80))).json;
    expect(video.order).toBe(2);

    const orders = async () => {
      const [images, videos] = await Promise.all([
        api(store, admin, "GET", `/products/${key}/images`),
        api(store, admin, "GET", `/products/${key}/videos`),
      ]);
      const all: [string, number][] = [
        ...images.json.map((i: { tiny: string; order: number }) => [imgKey(i), i.order] as [string, number]),
        ...videos.json.map((v: { id: string; order: number }) => [v.id, v.order] as [string, number]),
      ];
      return all.sort((x, y) => x[1] - y[1]);
    };
    expect(await orders()).toEqual([
      [imgKey(first), 1],
      ["dQw4w9WgXcQ", 2],
      [imgKey(last), 3],
    ]);

    // The video to the front: both images shift down. PUT answers the Video.
    const moved = await api(store, admin, "PUT", `/products/${key}/videos/dQw4w9WgXcQ`, { order: "1" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({ id: "dQw4w9WgXcQ", type: "youtube", order: 1 });
    expect(await orders()).toEqual([
      ["dQw4w9WgXcQ", 1],
      [imgKey(first), 2],
      [imgKey(last), 3],
    ]);

    // The last image to the front, by the images sub-resource.
    expect((await api(store, admin, "PUT", `/products/${key}/images/${imgKey(last)}`, { order: "1" })).json).toBe(true);
    expect(await orders()).toEqual([
      [imgKey(last), 1],
      ["dQw4w9WgXcQ", 2],
      [imgKey(first), 3],
    ]);

    // The product lists each kind in that order; its videos are size-keyed thumbnails.
    const product = (await api(store, admin, "GET", `/products/${key}`)).json;
    expect(product.images).toEqual([last, first]);
    expect(product.videos).toEqual([
      Object.fromEntries(
        ["tiny", "small", "medium", "large", "huge"].map((size) => [size, video.thumb_url.replace("{size}", size)]),
      ),
    ]);

    // Delete the video in the middle: the gap closes.
    const gone = await api(store, admin, "DELETE", `/products/${key}/videos/dQw4w9WgXcQ`);
    expect(gone.status).toBe(200);
    expect(gone.json).toBe(true);
    expect(await orders()).toEqual([
      [imgKey(last), 1],
      [imgKey(first), 2],
    ]);
    expect((await api(store, admin, "GET", `/products/${key}/videos/dQw4w9WgXcQ`)).status).toBe(404);

    // A new video goes last again.
    expect((await addVideo(key, "https://vimeo.com/76979871")).json.order).toBe(3);
  });

  it("serves a video's thumbnails in the five sizes while a product has the video", async () => {
    const key = await newProduct(store, admin);
    const video = (await addVideo(key, "https://vimeo.com/11223344")).json;
    const huge = await served(video.thumb_url.replace("{size}", "huge"));
    expect(huge.res.status).toBe(200);
    expect(huge.res.headers.get("content-type")).toBe("image/jpeg");
    expect(huge.res.headers.get("cache-control")).toContain("immutable");
    expect([huge.width, huge.height]).toEqual([2048, 1152]);
    const tiny = await served(video.thumb_url.replace("{size}", "tiny"));
    expect(tiny.width).toBe(64);
    // Another video id, and a size that is none of the five: 404.
    expect((await served(video.thumb_url.replace("11223344", "99999999").replace("{size}", "tiny"))).res.status).toBe(
      404,
    );
    expect((await served(video.thumb_url.replace("{size}", "giant"))).res.status).toBe(404);
    expect((await api(store, admin, "DELETE", `/products/${key}`)).status).toBe(200);
    expect((await served(video.thumb_url.replace("{size}", "tiny"))).res.status).toBe(404);
  });

  it("PUT takes order only, 1..count; a video twice is a 409; unknown ones are 404", async () => {
    const key = await newProduct(store, admin);
    await addVideo(key, "https://youtu.be/dQw4w9WgXcQ");
    const again = await addVideo(key, "https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    expect(again.status).toBe(409);
    expect(again.json.fields).toEqual({ video: expect.any(String) });
    const extra = await api(store, admin, "PUT", `/products/${key}/videos/dQw4w9WgXcQ`, { order: "1", url: "x" });
    expect(extra.status).toBe(422);
    expect(extra.json.fields).toEqual({ url: expect.any(String) });
    expect((await api(store, admin, "PUT", `/products/${key}/videos/dQw4w9WgXcQ`, { order: "2" })).status).toBe(422);
    expect((await api(store, admin, "PUT", `/products/${key}/videos/dQw4w9WgXcQ`, { order: "one" })).status).toBe(422);
    expect((await api(store, admin, "GET", `/products/${key}/videos/nope`)).status).toBe(404);
    expect(
      (await api(store, admin, "POST", `/products/nope/videos`, { video: "https://youtu.be/dQw4w9WgXcQ" })).status,
    ).toBe(404);
  });

  it("takes images and videos on the product POST (videos at once, images imported in the background)", async () => {
    const res = await api(store, admin, "POST", "/products", {
      name: "Camera",
      videos: JSON.stringify(["https://youtu.be/dQw4w9WgXcQ", "https://vimeo.com/76979871"]),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.json.videos).toHaveLength(2);
    expect(res.json.videos[0].tiny).toBe(`${store.url}/media/video-youtube-dQw4w9WgXcQ-tiny.jpg`);

    const bad = await api(store, admin, "POST", "/products", {
      name: "Broken",
      videos: JSON.stringify(["https://example.com/v/1"]),
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual({ videos: expect.any(String) });
    const notJson = await api(store, admin, "POST", "/products", { name: "Broken", videos: "[not json" });
    expect(notJson.status).toBe(400);
    // Nothing was created by the refused requests.
    const list = await api(store, admin, "GET", "/products?count=250");
    expect(list.json.filter((p: { name: string }) => p.name === "Broken")).toEqual([]);
  });
});
