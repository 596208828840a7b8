import type { Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BODY_DEFAULTS, JOB_DEFAULTS } from "../../src/config.js";
import { addClient, addUser, api, seedToken, startStore, type TestStore } from "../helpers/index.js";
import { holdBody, rawRequest, type HeldBody, type RawResponse } from "../helpers/raw-http.js";

/**
 * Bodies in flight (docs/architecture.md#bodies-in-flight): a body that stops
 * coming is cut off, an upload's text fields are bounded together, and the
 * bytes of bodies being read at once are bounded per token and per process,
 * past which the store answers 503 before it reads a byte. Through the real
 * server, with a client that sends part of a body and holds the connection.
 * Waits are on events (an answer, a closed socket), bounded by the test's
 * hang guard; nothing is timed.
 */

const KB = 1024;
/** How long a wait for the store to settle (a body taken in, an abort seen) may take: a hang guard, not a timing. */
const SETTLED = { timeout: 15_000, interval: 20 };
const BOUNDARY = "----store-guard-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const END = `--${BOUNDARY}--\r\n`;

function expectError(res: RawResponse | null, status: number, error: string) {
  expect(res, "an answer").not.toBeNull();
  expect(res!.status, res!.text).toBe(status);
  expect(res!.json).toEqual({ error, error_description: expect.any(String) });
}

/** A store, an owner with every permission, and `tokens` admin tokens of the owner's (each its own grant). */
async function storeWithTokens(overrides: Parameters<typeof startStore>[0], tokens: number) {
  const store = await startStore(overrides);
  const client = await addClient(store);
  const owner = await addUser(store, { email: "owner@example.com" });
  const list: string[] = [];
  for (let i = 0; i < tokens; i++) list.push((await seedToken(store, client, owner)).access_token);
  const created = await api(store, list[0]!, "POST", "/products", { name: "Guarded", price: "5" });
  expect(created.status, created.text).toBe(201);
  return { store, tokens: list, productKey: created.json.key as string };
}

describe("a body that stops coming is cut off", () => {
  let store: TestStore;
  let admin: string;
  let productKey: string;
  beforeAll(async () => {
    // Tiny timeouts, so that the test waits little; the budgets are the defaults.
    const setup = await storeWithTokens({ bodies: { ...BODY_DEFAULTS, idleTimeoutMs: 300, deadlineMs: 2000 } }, 1);
    ({ store, productKey } = setup);
    admin = setup.tokens[0]!;
  });
  afterAll(() => store.close());

  const auth = () => ({ authorization: `Bearer ${admin}` });

  it("idle mid-body, in every scope and reader → 408 in the scope's error model, the connection closed", async () => {
    const cases: [string, Parameters<typeof holdBody>[1], "json" | "page"][] = [
      [
        "JSON to PUT /products/{key}",
        {
          method: "PUT",
          path: `/api/v1/products/${productKey}`,
          headers: { ...auth(), "content-type": "application/json", "content-length": "1000" },
          body: '{"name":"Never',
        },
        "json",
      ],
      [
        "multipart form to POST /users",
        {
          path: "/api/v1/users",
          headers: { ...auth(), "content-type": MULTIPART },
          body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nnew@`,
        },
        "json",
      ],
      [
        "an image upload, chunked, idle inside its file",
        {
          path: `/api/v1/products/${productKey}/images`,
          headers: { ...auth(), "content-type": MULTIPART },
          body: Buffer.concat([
            Buffer.from(
              `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          ]),
        },
        "json",
      ],
      [
        "the OAuth token endpoint's form",
        {
          path: "/oauth2/access_token",
          headers: { "content-type": "application/x-www-form-urlencoded", "content-length": "500" },
          body: "grant_type=pass",
        },
        "json",
      ],
      [
        "the sign-in page's form",
        {
          path: "/oauth2/login",
          headers: { origin: store.url, "content-type": "application/x-www-form-urlencoded", "content-length": "500" },
          body: "email=someone",
        },
        "page",
      ],
    ];
    for (const [name, request, kind] of cases) {
      const held = await holdBody(store, request);
      const res = await held.answer;
      if (kind === "json") expectError(res, 408, "request_timeout");
      else {
        expect(res?.status, name).toBe(408);
        expect(res?.headers["content-type"]).toMatch(/^text\/html/);
      }
      expect(res?.headers.connection, name).toBe("close");
      await held.closed;
    }
    const product = await api(store, admin, "GET", `/products/${productKey}`);
    expect(product.json.name).toBe("Guarded");
    const images = await api(store, admin, "GET", `/products/${productKey}/images`);
    expect(images.json).toEqual([]);
  });

  it("a body that keeps trickling but never ends → 408 at the whole-body deadline", async () => {
    // Only the deadline may end it: the idle clock is far away (the guard reads the settings per request).
    store.app.config.bodies.idleTimeoutMs = 60_000;
    const held = await holdBody(store, {
      method: "PUT",
      path: `/api/v1/products/${productKey}`,
      headers: { ...auth(), "content-type": "application/json", "content-length": "100000" },
      body: '{"name":"',
    });
    // A byte now and then, until the store answers.
    const trickle = setInterval(() => held.send("x"), 50);
    try {
      const res = await held.answer;
      expectError(res, 408, "request_timeout");
      expect(res!.json.error_description).toMatch(/longer than 2 s/);
    } finally {
      clearInterval(trickle);
      store.app.config.bodies.idleTimeoutMs = 300;
    }
    await held.closed;
  });
});

/** Body budgets in KB, as the store's settings. */
function bytes(perTokenKb: number, perProcessKb: number) {
  return { perToken: perTokenKb * KB, perProcess: perProcessKb * KB };
}

describe("bytes in flight: bounded per token and per process, and an upload's text fields together", () => {
  let store: TestStore;
  let tokens: string[];
  let productKey: string;
  /** The store's side of each connection, by the client's port. */
  const serverSockets = new Map<number, Socket>();
  beforeAll(async () => {
    // Long timeouts: the held bodies stay held for the whole test. No jobs: an import that slipped through
    // would stay queued, to be seen.
    const setup = await storeWithTokens(
      {
        bodies: { idleTimeoutMs: 120_000, deadlineMs: 240_000, ...bytes(200, 500) },
        jobs: { ...JOB_DEFAULTS, enabled: false },
      },
      4,
    );
    ({ store, tokens, productKey } = setup);
    store.app.server.on("connection", (socket: Socket) => void serverSockets.set(socket.remotePort!, socket));
  });
  afterAll(() => store.close());

  /** A PUT of the product whose body declares `kb` KB and sends only `start` of it. */
  const hold = (token: string, kb: number, start = '{"description":"') =>
    holdBody(store, {
      method: "PUT",
      path: `/api/v1/products/${productKey}`,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        "content-length": String(kb * KB),
      },
      body: start,
    });
  /** A whole PUT of `kb` KB (a description of two-byte characters). */
  const put = (token: string, kb: number) =>
    rawRequest(store, {
      method: "PUT",
      path: `/api/v1/products/${productKey}`,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ description: "é".repeat((kb * KB - 20) / 2) }),
    });

  /** A request that declares `kb` KB, answered before the client sent a byte of its body. */
  async function refusedUnread(token: string, kb: number) {
    const held = await hold(token, kb, "");
    const res = await held.answer;
    expectError(res, 503, "temporarily_unavailable");
    expect(res!.headers["retry-after"]).toMatch(/^\d+$/);
    expect(res!.headers.connection).toBe("close");
    await held.closed;
    return res!;
  }

  it("held bodies fill a token's budget and the process's; a refused body is answered unread; an abort gives all back", async () => {
    const [a, b, c, d] = tokens as [string, string, string, string];
    const held: HeldBody[] = [];
    const sizes = new Map<HeldBody, number>();
    const sum = (list: HeldBody[]) => list.reduce((n, h) => n + (sizes.get(h) ?? 0), 0);
    /** Holds `kb` KB of `token`'s, once the store has taken it in (then a later request sees it held). */
    const track = async (token: string, kb: number) => {
      const h = await hold(token, kb);
      sizes.set(h, kb * KB);
      held.push(h);
      await vi.waitFor(() => expect(store.app.bodyBudget.holding("process")).toBe(sum(held)), SETTLED);
      return h;
    };

    // Token a: 120 KB held of its 200 KB; its next 120 KB is refused before a byte of it was sent.
    await track(a, 120);
    const perToken = await refusedUnread(a, 120);
    expect(perToken.json.error_description).toMatch(/this access token/i);
    // Another token still gets through, its body whole.
    const other = await put(b, 150);
    expect(other.status, other.text).toBe(200);

    // Tokens b and c hold 120 KB each (360 KB of the process's 500 KB): d, which holds nothing, is refused 150 KB.
    await track(b, 120);
    await track(c, 120);
    const perProcess = await refusedUnread(d, 150);
    expect(perProcess.json.error_description).toMatch(/the store is reading/i);
    for (const h of held) expect(h.answered()).toBe(false);

    // The clients give up mid-body: every byte held is given back.
    const ports = held.map((h) => h.localPort);
    for (const h of held) h.abort();
    await Promise.all(held.map((h) => h.closed));
    await Promise.all(
      ports.map((port) => {
        const socket = serverSockets.get(port)!;
        return socket.destroyed ? undefined : new Promise((resolve) => socket.once("close", resolve));
      }),
    );
    await vi.waitFor(() => expect(store.app.bodyBudget.snapshot()).toEqual(new Map()), SETTLED);
    // What was refused now fits: a's second body, and d's 150 KB beside a held 120 KB of b's.
    const again = await put(a, 150);
    expect(again.status, again.text).toBe(200);
    held.length = 0;
    const heldAgain = await track(b, 120);
    const fits = await put(d, 150);
    expect(fits.status, fits.text).toBe(200);
    heldAgain.abort();
    await vi.waitFor(() => expect(store.app.bodyBudget.snapshot()).toEqual(new Map()), SETTLED);
  });

  it("a chunked body is counted as it comes: past the token's budget it is cut off with 503", async () => {
    const [a] = tokens as [string];
    const held = await holdBody(store, {
      method: "PUT",
      path: `/api/v1/products/${productKey}`,
      headers: { authorization: `Bearer ${a}`, "content-type": "application/json" },
      body: '{"description":"',
    });
    // 40 KB at a time, up to 400 KB (twice the token's budget), unless the store answers first.
    for (let sent = 0; sent < 400 * KB && !held.answered(); sent += 40 * KB) held.send("x".repeat(40 * KB));
    const res = await held.answer;
    expectError(res, 503, "temporarily_unavailable");
    expect(res!.headers["retry-after"]).toMatch(/^\d+$/);
    await held.closed;
    await vi.waitFor(() => expect(store.app.bodyBudget.snapshot()).toEqual(new Map()), SETTLED);
  });

  it("fields each under 64 KB but over it in all → 413, and nothing is imported", async () => {
    // A valid multiple upload: 20 addresses of 1,900 characters (38 KB), and a callback of 30 KB.
    const images = JSON.stringify(
      Array.from({ length: 20 }, (_, i) => `https://images.example.com/${i}/${"p".repeat(1900)}.jpg`),
    );
    const callback = JSON.stringify({ url: `https://hooks.example.com/done?pad=${"q".repeat(30 * KB)}` });
    for (const chunked of [undefined, { at: 0.5 }]) {
      const res = await rawRequest(store, {
        method: "POST",
        path: `/api/v1/products/${productKey}/images`,
        headers: { authorization: `Bearer ${tokens[0]}`, "content-type": MULTIPART },
        body: field("images", images) + field("callback_options", callback) + END,
        chunked,
      });
      expectError(res, 413, "payload_too_large");
      expect(res.json.error_description).toMatch(/text fields come to more than 64 KB in all/);
    }
    const listed = await api(store, tokens[0]!, "GET", `/products/${productKey}/images`);
    expect(listed.json).toEqual([]);
    // The same list alone fits, and is taken (202): the bound is on the sum, not on one field.
    const alone = await rawRequest(store, {
      method: "POST",
      path: `/api/v1/products/${productKey}/images`,
      headers: { authorization: `Bearer ${tokens[0]}`, "content-type": MULTIPART },
      body: field("images", images) + END,
    });
    expect(alone.status, alone.text).toBe(202);
  });

  it("bodies without a token (the OAuth endpoints, the pages) share a small budget", async () => {
    // A quarter of the process's 500 KB: two 60 KB token requests held, the third is refused.
    const form = (kb: number) =>
      holdBody(store, {
        path: "/oauth2/access_token",
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(kb * KB) },
        body: "grant_type=",
      });
    const first = await form(60);
    const second = await form(60);
    await vi.waitFor(() => expect(store.app.bodyBudget.holding("unauthenticated")).toBe(120 * KB), SETTLED);
    const third = await form(60);
    expectError(await third.answer, 503, "temporarily_unavailable");
    // A token's body is not held back by them.
    const res = await put(tokens[1]!, 150);
    expect(res.status, res.text).toBe(200);
    first.abort();
    second.abort();
    await vi.waitFor(() => expect(store.app.bodyBudget.snapshot()).toEqual(new Map()), SETTLED);
  });
});
