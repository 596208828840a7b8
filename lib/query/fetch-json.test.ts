import { afterEach, describe, expect, it, vi } from "vitest";
import { FailureError, needsSignIn } from "../failure";
import { FetchJsonError, fetchJson, fetchJsonError } from "./fetch-json";

const failing = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the read to fail");
    },
    (error: unknown) => error as FetchJsonError,
  );

describe("fetchJsonError", () => {
  it("keeps the route handler's sentence, code and field messages", () => {
    const error = fetchJsonError(
      422,
      JSON.stringify({
        error: "Email is already taken.",
        code: "conflict",
        fieldErrors: { email: "Email is already taken.", bad: 3 },
      }),
    );
    expect(error).toBeInstanceOf(FetchJsonError);
    expect(error).toBeInstanceOf(FailureError);
    expect(error.failure).toEqual({
      status: 422,
      code: "conflict",
      error: "Email is already taken.",
      fieldErrors: { email: "Email is already taken." },
    });
    expect(error.message).toBe("Email is already taken.");
  });

  it("a 401 asks to sign in again, whatever the body", () => {
    const signedOut = fetchJsonError(
      401,
      JSON.stringify({ error: "You are signed out. Sign in again to continue.", code: "signed_out" }),
    );
    expect(needsSignIn(signedOut)).toBe(true);
    expect(signedOut.code).toBe("signed_out");
    const bare = fetchJsonError(401, "<html>Sign in</html>");
    expect(needsSignIn(bare)).toBe(true);
    expect(bare.code).toBe("http_401");
    expect(bare.message).toBe("Your store session has ended. Sign in again to continue.");
    expect(needsSignIn(fetchJsonError(403, ""))).toBe(false);
  });

  it("a body that is not the handler's still becomes one sentence by status", () => {
    expect(fetchJsonError(500, "Internal Server Error").message).toBe(
      "Store Admin had a problem (HTTP 500). Try again in a moment.",
    );
    expect(fetchJsonError(404, "[1,2]").message).toBe("Store Admin could not find what was asked for.");
    expect(fetchJsonError(403, JSON.stringify({ error: "  " })).message).toBe(
      "Your store account is not allowed to do this.",
    );
    expect(fetchJsonError(502, "").fieldErrors).toBeUndefined();
  });
});

describe("fetchJson", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const answering = (response: () => Response | Promise<Response>) => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return response();
    });
    return calls;
  };

  it("GETs the path and answers its JSON", async () => {
    const calls = answering(() => Response.json([{ id: "1" }]));
    expect(await fetchJson("/api/users")).toEqual([{ id: "1" }]);
    expect(calls[0]!.url).toBe("/api/users");
    expect(calls[0]!.init?.method ?? "GET").toBe("GET");
    expect(calls[0]!.init?.cache).toBe("no-store");
  });

  it("throws the handler's refusal as a FetchJsonError", async () => {
    answering(() =>
      Response.json(
        { error: "Your store account lacks the permission to manage users.", code: "forbidden" },
        { status: 403 },
      ),
    );
    const error = await failing(fetchJson("/api/users"));
    expect(error).toBeInstanceOf(FetchJsonError);
    expect(error.status).toBe(403);
    expect(error.code).toBe("forbidden");
    expect(error.message).toBe("Your store account lacks the permission to manage users.");
  });

  it("tells a network failure apart from a refusal", async () => {
    answering(() => Promise.reject(new TypeError("Failed to fetch")));
    const error = await failing(fetchJson("/api/users"));
    expect(error.status).toBe(0);
    expect(error.code).toBe("network_error");
    expect(needsSignIn(error)).toBe(false);
  });

  it("lets React Query's own cancellation through untouched", async () => {
    const controller = new AbortController();
    const abort = new DOMException("aborted", "AbortError");
    answering(() => {
      controller.abort();
      return Promise.reject(abort);
    });
    await expect(fetchJson("/api/users", { signal: controller.signal })).rejects.toBe(abort);
  });

  it("reports a 200 that is not JSON as unreadable", async () => {
    answering(() => new Response("<html></html>", { status: 200 }));
    const error = await failing(fetchJson("/api/users"));
    expect(error.code).toBe("unreadable_response");
  });
});
