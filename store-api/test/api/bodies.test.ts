import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_BODY_LIMITS, OAUTH_BODY_LIMITS } from "../../src/api/bodies.js";
import { MAX_IMAGE_BYTES } from "../../src/media/files.js";
import type { UserRow } from "../../src/users/users.js";
import { addClient, addUser, api, outbox, seedToken, startStore, type TestStore } from "../helpers/index.js";
import { pour, rawRequest, serverReads, type RawResponse } from "../helpers/raw-http.js";

/**
 * Request bodies and their limits (docs/contract.md#errors: 413
 * payload_too_large, 400 invalid_request), through the real server. "Refused
 * as soon as the limit is crossed" is shown by bytes, never by time: the client
 * pours a body without end, and the answer must come, and the connection
 * close, while the store has read little more than the limit.
 */

let store: TestStore;
let owner: UserRow;
let admin: string;
let readBy: (port: number) => number;

const MB = 1024 * 1024;
/** What a connection may read past a limit before the store stops: Node's socket reads and parser buffers. */
const SLACK = 4 * MB;
/** An endless body stops here if the store never answers (it would then have read it all). */
const CAP = 160 * MB;
const BOUNDARY = "----store-test-boundary";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

function field(name: string, value: string, headers = "") {
  return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n${headers}\r\n${value}\r\n`;
}
const END = `--${BOUNDARY}--\r\n`;

/** The error model's JSON (docs/contract.md#errors). */
function expectError(res: RawResponse, status: number, error: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  expect(res.json).toEqual({ error, error_description: expect.any(String) });
}

async function snapshot() {
  const list = await api(store, admin, "GET", "/users");
  expect(list.status).toBe(200);
  return { users: list.json, mail: (await outbox(store)).length };
}

/** Pours an endless body and checks it was cut off near `limit`: answered, closed, little read. */
async function pourPast(limit: number, opts: Parameters<typeof pour>[1]) {
  const result = await pour(store, opts);
  expect(result.response.headers.connection).toBe("close");
  expect(result.closed).toBe(true);
  expect(result.sent).toBeLessThan(CAP);
  expect(readBy(result.localPort)).toBeLessThan(limit + SLACK);
  return result.response;
}

beforeAll(async () => {
  store = await startStore({ rateLimit: 0 });
  readBy = serverReads(store);
  const client = await addClient(store);
  owner = await addUser(store, { email: "owner@example.com" });
  admin = (await seedToken(store, client, owner)).access_token;
});
afterAll(() => store.close());

const auth = () => ({ authorization: `Bearer ${admin}` });
const filler = (text: string) => Buffer.from(text.repeat(64 * 1024));

describe("a body over the limit is refused as soon as the limit is crossed, and the connection closed", () => {
  it("one endless multipart field to POST /api/v1/users → 413", async () => {
    const res = await pourPast(API_BODY_LIMITS.total, {
      path: "/api/v1/users",
      headers: { ...auth(), "content-type": MULTIPART },
      prefix: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\n`,
      filler: filler("x"),
      cap: CAP,
    });
    expectError(res, 413, "payload_too_large");
  });

  it("endless small multipart fields → 413 (too many fields)", async () => {
    const res = await pourPast(API_BODY_LIMITS.total, {
      method: "PUT",
      path: `/api/v1/users/${owner.id}`,
      headers: { ...auth(), "content-type": MULTIPART },
      filler: Buffer.from(field("note", "x").repeat(200)),
      cap: CAP,
    });
    expectError(res, 413, "payload_too_large");
  });

  it("a multipart body declaring a length over the limit → 413 before reading it", async () => {
    const res = await pourPast(0, {
      path: "/api/v1/users",
      headers: { ...auth(), "content-type": MULTIPART, "content-length": String(400 * MB) },
      filler: filler("x"),
      cap: CAP,
    });
    expectError(res, 413, "payload_too_large");
  });

  it("URL-encoded and JSON bodies to the API → 413", async () => {
    for (const [type, prefix] of [
      ["application/x-www-form-urlencoded", "email="],
      ["application/json", '{"email":"'],
    ] as const) {
      const res = await pourPast(API_BODY_LIMITS.total, {
        path: "/api/v1/users",
        headers: { ...auth(), "content-type": type },
        prefix,
        filler: filler("x"),
        cap: CAP,
      });
      expectError(res, 413, "payload_too_large");
    }
  });

  it("the OAuth token endpoint: multipart and URL-encoded → 413 at its small limit", async () => {
    for (const [type, prefix] of [
      [MULTIPART, `--${BOUNDARY}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n`],
      ["application/x-www-form-urlencoded", "client_id="],
    ] as const) {
      const res = await pourPast(OAUTH_BODY_LIMITS.total, {
        path: "/oauth2/access_token",
        headers: { "content-type": type },
        prefix,
        filler: filler("x"),
        cap: CAP,
      });
      expectError(res, 413, "payload_too_large");
    }
  });

  it("the HTML pages: a URL-encoded form over the limit → a 413 page; multipart is not read at all (415)", async () => {
    const page = { origin: store.url };
    const tooLarge = await pourPast(256 * 1024, {
      path: "/oauth2/logout",
      headers: { ...page, "content-type": "application/x-www-form-urlencoded" },
      prefix: "return_to=",
      filler: filler("x"),
      cap: CAP,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers["content-type"]).toMatch(/^text\/html/);
    for (const path of ["/oauth2/logout", "/oauth2/login", "/oauth2/authorize", "/account/set-password"]) {
      const res = await pourPast(0, {
        path,
        headers: { ...page, "content-type": MULTIPART },
        filler: Buffer.from(field("return_to", "x".repeat(MB))),
        cap: CAP,
      });
      expect(res.status, path).toBe(415);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
  });

  describe("the image upload route counts its whole body too, whatever the framing", () => {
    // The route reads its own parts (a file among them); a chunked body has no Content-Length to check.
    const UPLOAD_LIMIT = MAX_IMAGE_BYTES + 64 * 1024;
    let productKey: string;
    beforeAll(async () => {
      const res = await api(store, admin, "POST", "/products", { name: "Upload target", price: "5" });
      expect(res.status, res.text).toBe(201);
      productKey = res.json.key;
    });
    const upload = () => ({
      path: `/api/v1/products/${productKey}/images`,
      headers: { ...auth(), "content-type": MULTIPART },
    });

    it("chunked: 9 MB text fields one after another → 413 once the upload's limit is crossed", async () => {
      const nineMb = Buffer.from(field("images", "x".repeat(9 * MB)));
      const res = await pourPast(UPLOAD_LIMIT, { ...upload(), filler: nineMb, cap: CAP });
      expectError(res, 413, "payload_too_large");
    });

    it("chunked: one endless text field → 413", async () => {
      const res = await pourPast(UPLOAD_LIMIT, {
        ...upload(),
        prefix: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"\r\n\r\n`,
        filler: filler("x"),
        cap: CAP,
      });
      expectError(res, 413, "payload_too_large");
    });

    it("chunked: many small text fields → 413 (too many fields)", async () => {
      const res = await pourPast(UPLOAD_LIMIT, {
        ...upload(),
        filler: Buffer.from(field("note", "x").repeat(200)),
        cap: CAP,
      });
      expectError(res, 413, "payload_too_large");
    });

    it("a text field over its size beside an image → 413, and the product keeps no image", async () => {
      const body = field("callback_options", "x".repeat(2 * MB)) + END;
      const res = await api(store, admin, "POST", `/products/${productKey}/images`, undefined, {
        headers: { "content-type": MULTIPART },
        body,
      });
      expect(res.status, res.text).toBe(413);
      const images = await api(store, admin, "GET", `/products/${productKey}/images`);
      expect(images.json).toEqual([]);
    });
  });

  it("an answer before the body is read (401, 404) does not wait for the rest of it", async () => {
    const unauthenticated = await pourPast(0, {
      path: "/api/v1/users",
      headers: { "content-type": MULTIPART },
      filler: filler("x"),
      cap: CAP,
    });
    expectError(unauthenticated, 401, "invalid_token");
    const nowhere = await pourPast(0, {
      path: "/nowhere",
      headers: { "content-type": "application/octet-stream" },
      filler: filler("x"),
      cap: CAP,
    });
    expectError(nowhere, 404, "not_found");
  });
});

describe("multipart", () => {
  const mp = (body: string, type = MULTIPART) => ({ headers: { ...auth(), "content-type": type }, body });

  it("a malformed multipart body → 400 invalid_request, and nothing changes", async () => {
    const before = await snapshot();
    const good = field("email", "new@example.com") + field("is_active", "false") + END;
    const cases: [string, { headers: Record<string, string>; body: string }][] = [
      ["no closing boundary", mp(field("email", "new@example.com") + field("is_active", "false"))],
      ["cut in a value", mp(good.slice(0, good.indexOf("new@") + 3))],
      ["cut in the part headers", mp(good.slice(0, good.indexOf("name=") + 7))],
      ["LF-only line ends", mp(good.replace(/\r\n/g, "\n"))],
      ["a boundary that does not match", mp(good, "multipart/form-data; boundary=other")],
      ["no boundary parameter", mp(good, "multipart/form-data")],
      ["only a preamble", mp("This is a preamble and nothing else.\r\n")],
      ["a form body labelled as multipart", mp("email=new%40example.com&is_active=false")],
      ["a JSON part that is not JSON", mp(field("permissions", "[oops", "Content-Type: application/json\r\n") + END)],
      ["a prototype name", mp(field("__proto__", "x") + END)],
    ];
    for (const [name, { headers, body }] of cases) {
      for (const [method, path] of [
        ["POST", "/api/v1/users"],
        ["PUT", `/api/v1/users/${owner.id}`],
      ] as const) {
        const res = await rawRequest(store, { method, path, headers, body });
        expectError(res, 400, "invalid_request");
        expect(res.json.error_description, `${method} ${name}`).toMatch(/multipart/);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a file part is refused with a clear error, as soon as its headers arrive", async () => {
    const before = await snapshot();
    const fd = new FormData();
    fd.set("email", new Blob(["file@example.com"]), "email.txt");
    const res = await fetch(`${store.url}/api/v1/users`, { method: "POST", headers: auth(), body: fd });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "invalid_request",
      error_description: "This request takes no files: send email as a text field, not a file.",
    });
    const token = await rawRequest(store, {
      method: "POST",
      path: "/oauth2/revoke",
      headers: { "content-type": MULTIPART },
      body: field("token", "x", "Content-Type: application/octet-stream\r\n") + END,
    });
    expectError(token, 400, "invalid_request");
    expect(token.json.error_description).toContain("takes no files");
    // An endless file: refused from its first bytes, far below the 20 MB an upload may have.
    const endless = await pourPast(0, {
      path: "/api/v1/users",
      headers: { ...auth(), "content-type": MULTIPART },
      prefix: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      filler: filler("x"),
      cap: CAP,
    });
    expectError(endless, 400, "invalid_request");
    expect(await snapshot()).toEqual(before);
  });

  it("still takes a multipart form, a repeated field as a list", async () => {
    const res = await rawRequest(store, {
      method: "PUT",
      path: `/api/v1/users/${owner.id}`,
      headers: { ...auth(), "content-type": MULTIPART },
      body: field("permissions", JSON.stringify(["manage_users", "view_stats"])) + END,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.permissions).toEqual(["manage_users", "view_stats"]);
    const repeated = await rawRequest(store, {
      method: "PUT",
      path: `/api/v1/users/${owner.id}`,
      headers: { ...auth(), "content-type": MULTIPART },
      body: field("is_active", "true") + field("is_active", "true") + END,
    });
    expect(repeated.status).toBe(400);
    expect(repeated.json.error).toBe("invalid_request");
  });
});

describe("Cache-Control", () => {
  it("every /api/v1 answer says no-store: successes, errors, unknown paths", async () => {
    const answers = [
      await api(store, admin, "GET", "/users"),
      await api(store, admin, "GET", `/users/${owner.id}`),
      await api(store, null, "GET", "/users"),
      await api(store, admin, "PATCH", "/users"),
      await api(store, admin, "GET", "/nope"),
      await api(store, admin, "POST", "/users", { email: "bad" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 405, 404, 422]);
    for (const res of answers) expect(res.res.headers.get("cache-control"), res.text).toBe("no-store");
  });
});
