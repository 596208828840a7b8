import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { fromOwnPages, handleImageUpload, headerSafeName, mediaType } from "./image-upload";
import { StoreClient } from "./store/client";
import { localServers } from "./testing/local-server";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const { serve, closedPort } = localServers();

const dashboard = "http://dash.test";
const ownHeaders = { origin: dashboard, host: "dash.test", "sec-fetch-site": "same-origin" };

/** What the loopback store saw of the upload. */
interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string;
  body: Buffer;
}

/** A store answering `answer` once it has read the whole upload. */
async function storeAnswering(status: number, body: unknown) {
  const received: Received[] = [];
  const base = await serve(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({
      method: req.method ?? "",
      url: req.url ?? "",
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"] ?? "",
      body: Buffer.concat(chunks),
    });
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  return { received, store: new StoreClient({ baseUrl: base, accessToken: "tok-upload" }) };
}

function upload(body: BodyInit | null, headers: Record<string, string> = {}, name = "shirt.png") {
  return new Request(`${dashboard}/api/products/p1/images/upload?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { ...ownHeaders, "content-type": "image/png", ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** The multipart body the store received, read back with the platform's own parser. */
async function partsOf(received: Received): Promise<FormData> {
  return new Response(new Uint8Array(received.body), { headers: { "content-type": received.contentType } }).formData();
}

const image = {
  tiny: "http://store.test/media/0123456789abcdef-tiny.jpg",
  small: "http://store.test/media/0123456789abcdef-small.jpg",
  medium: "http://store.test/media/0123456789abcdef-medium.jpg",
  large: "http://store.test/media/0123456789abcdef-large.jpg",
  huge: "http://store.test/media/0123456789abcdef-huge.jpg",
};

describe("POST /api/products/[key]/images/upload", () => {
  it("passes the file on as the multipart `image` field with the session's token, and answers the Image", async () => {
    const { received, store } = await storeAnswering(200, image);
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const response = await handleImageUpload(upload(bytes, {}, 'Linen "shirt"\r\n.png'), "p1", store);

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.json()).toEqual({
      key: "0123456789abcdef",
      urls: image,
      order: null,
    });
    expect(received).toHaveLength(1);
    const [call] = received;
    expect(call!.method).toBe("POST");
    expect(call!.url).toBe("/api/v1/products/p1/images");
    expect(call!.authorization).toBe("Bearer tok-upload");
    const form = await partsOf(call!);
    expect([...form.keys()]).toEqual(["image"]);
    const file = form.get("image") as File;
    expect(file.type).toBe("image/png");
    // Quotes and line breaks cannot break out of the part's header.
    expect(file.name).toBe("Linen _shirt___.png");
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it("streams: the store has the start of the file before the browser has sent the rest", async () => {
    let firstChunkArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstChunkArrived = resolve));
    const first = Buffer.alloc(64 * 1024, 1);
    const rest = Buffer.alloc(64 * 1024, 2);
    let seen = 0;
    const bodies: Buffer[] = [];
    const base = await serve(async (req: http.IncomingMessage, res: http.ServerResponse) => {
      for await (const chunk of req) {
        bodies.push(chunk as Buffer);
        seen += (chunk as Buffer).length;
        if (seen >= first.length) firstChunkArrived();
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(image));
    });
    // The browser's body: the second half is only sent once the store holds the first.
    // A handler that read the whole body before calling the store would wait here forever.
    const browser = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(first));
        void arrived.then(() => {
          controller.enqueue(new Uint8Array(rest));
          controller.close();
        });
      },
    });
    const response = await handleImageUpload(
      upload(browser),
      "p1",
      new StoreClient({ baseUrl: base, accessToken: "t" }),
    );
    expect(response.status).toBe(200);
    const body = Buffer.concat(bodies);
    expect(body.includes(Buffer.concat([first, rest]))).toBe(true);
  });

  it("tells a file the store finds too large (413) or not an image (415), in words", async () => {
    const tooLarge = await storeAnswering(413, { error: "payload_too_large", error_description: "over 20 MB" });
    const big = await handleImageUpload(upload(Buffer.alloc(10)), "p1", tooLarge.store);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({
      code: "payload_too_large",
      error: "The store refused this file as too large. Images may be at most 20 MB.",
    });

    const notImage = await storeAnswering(415, { error: "unsupported_media_type" });
    const pdf = await handleImageUpload(
      upload(Buffer.from("%PDF-1.4"), { "content-type": "image/png" }),
      "p1",
      notImage.store,
    );
    expect(pdf.status).toBe(415);
    expect((await pdf.json()).error).toBe(
      "The store did not take this file as an image. Send a JPEG, PNG, WebP, GIF or AVIF picture.",
    );
  });

  it("answers the store's 413 when the store refuses half-way and stops reading", async () => {
    let read = 0;
    const base = await serve((req, res) => {
      req.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read > 1024 * 1024 && !res.headersSent) {
          // As the bundled store does once 20 MB are crossed: answer, and read no more.
          res.writeHead(413, { "content-type": "application/json", connection: "close" });
          res.end(JSON.stringify({ error: "payload_too_large" }));
          req.pause();
        }
      });
    });
    const response = await handleImageUpload(
      upload(Buffer.alloc(8 * 1024 * 1024, 7)),
      "p1",
      new StoreClient({ baseUrl: base, accessToken: "t" }),
    );
    expect(response.status).toBe(413);
    expect((await response.json()).error).toMatch(/too large/);
  });

  it("keeps the store's other refusals as the dashboard words them", async () => {
    const { store } = await storeAnswering(404, { error: "not_found" });
    const response = await handleImageUpload(upload(Buffer.alloc(3)), "gone", store);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toBe("No product with id gone. It may have been deleted.");
  });

  it("says so when the store cannot be reached", async () => {
    const store = new StoreClient({ baseUrl: await closedPort(), accessToken: "t" });
    const response = await handleImageUpload(upload(Buffer.alloc(3)), "p1", store);
    expect(response.status).toBe(502);
    expect((await response.json()).code).toBe("store_unreachable");
  });

  it("refuses a request from another site, or signed out, without calling the store", async () => {
    const { received, store } = await storeAnswering(200, image);
    const foreign = await handleImageUpload(
      upload(Buffer.alloc(3), { origin: "https://evil.test", "sec-fetch-site": "cross-site" }),
      "p1",
      store,
    );
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).code).toBe("cross_origin");
    const signedOut = await handleImageUpload(upload(Buffer.alloc(3)), "p1", null);
    expect(signedOut.status).toBe(401);
    expect(received).toHaveLength(0);
  });
});

describe("fromOwnPages", () => {
  const request = (headers: Record<string, string>) =>
    new Request(`${dashboard}/api/products/p1/images/upload`, { method: "POST", headers });

  it("wants an Origin naming the host the request was sent to", () => {
    expect(fromOwnPages(request({ origin: dashboard, host: "dash.test" }))).toBe(true);
    expect(
      fromOwnPages(
        request({ origin: "https://admin.shop.test", host: "internal:3000", "x-forwarded-host": "admin.shop.test" }),
      ),
    ).toBe(true);
    expect(fromOwnPages(request({ host: "dash.test" }))).toBe(false);
    expect(fromOwnPages(request({ origin: "null", host: "dash.test" }))).toBe(false);
    expect(fromOwnPages(request({ origin: "http://dash.test.evil.test", host: "dash.test" }))).toBe(false);
    expect(fromOwnPages(request({ origin: dashboard, host: "dash.test", "sec-fetch-site": "same-site" }))).toBe(false);
  });
});

describe("header values", () => {
  it("keeps a media type, or says octet-stream", () => {
    expect(mediaType("image/PNG; charset=x")).toBe("image/png");
    expect(mediaType("image/png\r\nX-Evil: 1")).toBe("application/octet-stream");
    expect(mediaType(null)).toBe("application/octet-stream");
    expect(headerSafeName("  ")).toBe("image");
    expect(headerSafeName("café.jpg")).toBe("caf_.jpg");
  });
});
