import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { StoreClient, encodeForm, retryAfterMs } from "./client";
import {
  type StoreApiError,
  StoreAuthError,
  StoreConflictError,
  StoreForbiddenError,
  StoreNotFoundError,
  StoreRateLimitError,
  StoreResponseError,
  StoreScopeError,
  StoreServerError,
  StoreUnreachableError,
  StoreValidationError,
} from "./errors";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

type Failure = StoreApiError & { permission?: string; scope?: string };
const unexpected = (): never => {
  throw new Error("expected the request to fail");
};

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function fakeStore(handler: Handler) {
  const calls: { url: URL; init: RequestInit }[] = [];
  const waits: number[] = [];
  const client = new StoreClient({
    baseUrl: "http://store.test/",
    accessToken: "tok-123",
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      calls.push({ url, init: init ?? {} });
      return handler(url, init ?? {});
    }) as typeof fetch,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, calls, waits };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" }, ...init });

describe("StoreClient requests", () => {
  it("sends the bearer token and form-encodes bodies, JSON lists as strings", async () => {
    const { client, calls } = fakeStore(() => json({ ok: 1 }));
    await client.request({
      method: "POST",
      path: "/api/v1/users",
      form: { email: "a@b.c", permissions: ["manage_orders"], active: false, skip: undefined },
      schema: z.unknown(),
    });
    const call = calls[0]!;
    expect(call.url.toString()).toBe("http://store.test/api/v1/users");
    expect((call.init.headers as Record<string, string>).Authorization).toBe("Bearer tok-123");
    expect((call.init.headers as Record<string, string>)["Content-Type"]).toBe("application/x-www-form-urlencoded");
    const body = new URLSearchParams(String(call.init.body));
    expect(body.get("email")).toBe("a@b.c");
    expect(body.get("permissions")).toBe('["manage_orders"]');
    expect(body.get("active")).toBe("false");
    expect(body.has("skip")).toBe(false);
  });

  it("reads with no-store and hands the read's cache tags to fetch", async () => {
    const { client, calls } = fakeStore(() => json([]));
    await client.request({ path: "/api/v1/users", tags: ["users"], schema: z.array(z.unknown()) });
    await client.request({ method: "DELETE", path: "/api/v1/users/1", schema: z.unknown() });
    const [read, write] = calls.map((c) => c.init as RequestInit & { next?: { tags?: string[] } });
    expect(read!.cache).toBe("no-store");
    expect(read!.next?.tags).toEqual(["users"]);
    expect(write!.cache).toBe("no-store");
    expect(write!.next).toBeUndefined();
  });

  it("lets unknown fields pass the response schema", async () => {
    const { client } = fakeStore(() => json({ id: 1, extra: "kept" }));
    const data = await client.request({ path: "/x", schema: z.looseObject({ id: z.number() }) });
    expect(data).toEqual({ id: 1, extra: "kept" });
  });

  it("turns a body that does not match into a readable error", async () => {
    const { client } = fakeStore(() => json({ nope: true }));
    const error = await client
      .request({ path: "/x", schema: z.object({ id: z.number() }) })
      .then(unexpected, (e: unknown) => e as Failure);
    expect(error).toBeInstanceOf(StoreResponseError);
    expect(error.message).toMatch(/could not read/);
  });

  it("waits Retry-After on 429 and retries, bounded", async () => {
    let n = 0;
    const { client, waits, calls } = fakeStore(() =>
      ++n < 3 ? json({ error: "rate_limited" }, { status: 429, headers: { "retry-after": "2" } }) : json([1]),
    );
    expect(await client.request({ path: "/x", schema: z.array(z.number()) })).toEqual([1]);
    expect(calls).toHaveLength(3);
    expect(waits).toEqual([2000, 2000]);

    const always = fakeStore(() => json({ error: "rate_limited" }, { status: 429, headers: { "retry-after": "1" } }));
    const error = await always.client
      .request({ path: "/x", schema: z.unknown() })
      .then(unexpected, (e: unknown) => e as Failure);
    expect(error).toBeInstanceOf(StoreRateLimitError);
    expect(always.calls).toHaveLength(4);
  });

  it("reports a network failure as StoreUnreachableError", async () => {
    const { client } = fakeStore(() => {
      throw new TypeError("fetch failed");
    });
    const error = await client
      .request({ path: "/x", schema: z.unknown() })
      .then(unexpected, (e: unknown) => e as Failure);
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect(error.message).toBe("The store at store.test is not answering. Check that it is running, then try again.");
  });
});

describe("StoreClient errors", () => {
  const fail = (status: number, body: string, headers: Record<string, string> = {}) =>
    fakeStore(() => new Response(body, { status, headers }))
      .client.request({
        path: "/api/v1/users",
        schema: z.unknown(),
        permission: "manage_users",
        resource: "user",
      })
      .then(unexpected, (e: unknown) => e as Failure);

  it("401 asks to sign in again", async () => {
    const error = await fail(401, '{"error":"invalid_token"}');
    expect(error).toBeInstanceOf(StoreAuthError);
    expect(error.status).toBe(401);
    expect(error.code).toBe("invalid_token");
  });

  it("403 forbidden names the permission", async () => {
    const error = await fail(403, '{"error":"forbidden","error_description":"missing permission manage_users"}');
    expect(error).toBeInstanceOf(StoreForbiddenError);
    expect(error.message).toBe("Your store account lacks the permission to manage users.");
  });

  it("403 forbidden for a store rule says so in our words, never the store's", async () => {
    const rule = await fail(
      403,
      '{"error":"forbidden","error_description":"The store must keep at least one active user with the manage_users permission."}',
    );
    expect(rule.message).toBe("The store does not allow this change: it goes against one of the store's rules.");
    expect(rule.detail).toMatch(/at least one active user/);
    const bare = await fail(403, '{"error":"forbidden"}');
    expect(bare.message).toBe("Your store account lacks the permission to manage users.");
    const phishing = await fail(403, '{"error":"forbidden","error_description":"Call +1 555 0100 now"}');
    expect(phishing.message).not.toMatch(/555/);
  });

  it("403 insufficient_scope names the scope from WWW-Authenticate", async () => {
    const error = await fail(403, '{"error":"insufficient_scope"}', {
      "www-authenticate": 'Bearer realm="store", error="insufficient_scope", scope="admin"',
    });
    expect(error).toBeInstanceOf(StoreScopeError);
    expect(error.message).toMatch(/not granted the “admin” scope/);
    // A scope we never asked for is the store's text: not repeated.
    const odd = await fail(403, '{"error":"insufficient_scope"}', {
      "www-authenticate": 'Bearer error="insufficient_scope", scope="Call 555 0100"',
    });
    expect(odd.message).toMatch(/not granted the “admin” scope/);
  });

  it("409 and 422 give our sentence per field, and keep the store's words for the log", async () => {
    const conflict = await fail(
      409,
      '{"error":"conflict","error_description":"email is already taken","fields":{"email":"is already taken"}}',
    );
    expect(conflict).toBeInstanceOf(StoreConflictError);
    expect(conflict.message).toBe("This email address is already taken in this store.");
    expect(conflict.fields).toEqual({ email: "This email address is already taken in this store." });
    expect(conflict.detail).toBe("email is already taken; email: is already taken");

    const invalid = await fail(422, '{"error":"validation_failed","fields":{"email":["must be an e-mail"]}}');
    expect(invalid).toBeInstanceOf(StoreValidationError);
    expect(invalid.fields).toEqual({
      email: "The store did not accept this email address. Enter one such as name@example.com.",
    });
    expect(invalid.message).toBe(invalid.fields.email);

    const unknown = await fail(
      422,
      '{"error":"validation_failed","error_description":"Visit evil.test","fields":{"colour":"Visit evil.test"}}',
    );
    expect(unknown.fields).toEqual({ colour: "The store did not accept this value." });
    expect(unknown.message).toBe("The store did not accept this value.");
    const bare = await fail(422, '{"error":"validation_failed","error_description":"Visit evil.test"}');
    expect(bare.message).toBe("The store did not accept these values.");
  });

  it("never shows an error_description, whatever the status", async () => {
    const phishing = "Your account is locked: call +1 555 0100";
    const body = JSON.stringify({ error: "x", error_description: phishing, fields: { email: phishing } });
    for (const status of [400, 401, 403, 404, 409, 422, 500, 503]) {
      const error = await fail(status, body);
      expect(error.message, String(status)).not.toMatch(/555/);
      expect(JSON.stringify(error.fields), String(status)).not.toMatch(/555/);
      expect(error.detail, String(status)).toContain(phishing);
    }
  });

  it("404 names the resource", async () => {
    const error = await fail(404, "");
    expect(error).toBeInstanceOf(StoreNotFoundError);
    expect(error.message).toBe("The store has no such user; it may have been deleted.");
  });

  it("an unparseable error body still gives a sentence", async () => {
    const error = await fail(500, "<html><body>Internal Server Error</body></html>");
    expect(error).toBeInstanceOf(StoreServerError);
    expect(error.message).toBe("The store had a problem (HTTP 500). Try again in a moment.");
    expect(error.detail).toMatch(/Internal Server Error/);
  });

  it("503 (a store busy for a moment) says so, whatever its body", async () => {
    const error = await fail(
      503,
      JSON.stringify({ error: "temporarily_unavailable", error_description: "busy rendering" }),
    );
    expect(error).toBeInstanceOf(StoreServerError);
    expect(error.message).toBe("The store is busy right now. Try again in a moment.");
  });
});

describe("form bodies and Retry-After", () => {
  it("encodes null as empty and dictionaries as JSON", () => {
    expect(encodeForm({ a: null, b: { x: 1 }, c: 1.5 }).toString()).toBe("a=&b=%7B%22x%22%3A1%7D&c=1.5");
  });

  it("reads Retry-After as seconds or a date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs("Thu, 01 Jan 2099 00:00:10 GMT", Date.parse("Thu, 01 Jan 2099 00:00:00 GMT"))).toBe(10_000);
    expect(retryAfterMs(null)).toBeUndefined();
  });
});

describe("a request whose browser went away", () => {
  it("ends as cancelled (499), not as an unreachable store, and leaves nothing in the log", async () => {
    const { createServer } = await import("node:http");
    const { failureFrom, StoreRequestCancelledError } = await import("./errors");
    // A real store that takes its time: the answer never comes before the browser leaves.
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const leaving = new AbortController();
    const client = new StoreClient({ baseUrl: `http://127.0.0.1:${port}`, accessToken: "tok" }).withSignal(
      leaving.signal,
    );
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const reading = client.request({ path: "/api/v1/products", schema: z.unknown() });
      setTimeout(() => leaving.abort(), 50);
      const error = await reading.then(unexpected, (e: unknown) => e);
      expect(error).toBeInstanceOf(StoreRequestCancelledError);
      expect(failureFrom(error, { where: "GET /api/products/x/media" })).toMatchObject({ status: 499 });
      expect(errors).not.toHaveBeenCalled();
      expect(warnings).not.toHaveBeenCalled();
      // Without the browser leaving, the same silence is an unreachable store (the client's own time limit).
      const alone = new StoreClient({ baseUrl: `http://127.0.0.1:${port}`, accessToken: "tok", timeoutMs: 100 });
      const timedOut = await alone
        .request({ path: "/api/v1/products", schema: z.unknown() })
        .then(unexpected, (e: unknown) => e);
      expect(timedOut).toBeInstanceOf(StoreUnreachableError);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
      server.closeAllConnections();
      server.close();
    }
  });
});
