import { describe, expect, it, vi } from "vitest";
import { OAuthError, exchangeCode, profileFromTokens, revokeToken, tokenResponseSchema } from "./oauth";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const credentials = { baseUrl: "http://store.test", clientId: "cid", clientSecret: "secret" };

describe("token response", () => {
  it("accepts the spec's expire_in, no refresh_token, and extra fields", () => {
    const parsed = tokenResponseSchema.parse({
      access_token: "a",
      token_type: "bearer",
      scope: "admin",
      expire_in: 315360000,
      other: 1,
    });
    expect(parsed.expires_in).toBe(315360000);
    expect(parsed.refresh_token).toBeUndefined();
    expect((parsed as Record<string, unknown>).other).toBe(1);
  });

  it("prefers expires_in and reads the optional user", () => {
    const parsed = tokenResponseSchema.parse({
      access_token: "a",
      expires_in: "60",
      expire_in: 99,
      user: { id: 4, email: "o@s.t", permissions: ["manage_users"] },
    });
    expect(parsed.expires_in).toBe(60);
    expect(parsed.user).toEqual({ id: "4", email: "o@s.t", permissions: ["manage_users"] });
  });

  it("ignores a user it cannot read rather than failing the sign-in", () => {
    expect(tokenResponseSchema.parse({ access_token: "a", user: "nobody" }).user).toBeUndefined();
  });
});

describe("exchangeCode", () => {
  it("posts the form fields of the spec, with the PKCE verifier", async () => {
    let sent: URLSearchParams | undefined;
    let url = "";
    const result = await exchangeCode(
      credentials,
      { code: "c0de", redirectUri: "http://d.test/cb", codeVerifier: "v3rifier" },
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        url = String(input);
        sent = new URLSearchParams(String(init?.body));
        return new Response(JSON.stringify({ access_token: "tok", expire_in: 10 }), { status: 200 });
      }) as typeof fetch,
    );
    expect(url).toBe("http://store.test/oauth2/access_token");
    expect(Object.fromEntries(sent!)).toEqual({
      client_id: "cid",
      client_secret: "secret",
      grant_type: "authorization_code",
      redirect_uri: "http://d.test/cb",
      code: "c0de",
      code_verifier: "v3rifier",
    });
    expect(result.access_token).toBe("tok");
  });

  it("raises an OAuthError with the RFC 6749 code", async () => {
    const error = await exchangeCode(
      credentials,
      { code: "x", redirectUri: "r", codeVerifier: "v" },
      (async () =>
        new Response('{"error":"invalid_grant","error_description":"code already used"}', {
          status: 400,
        })) as typeof fetch,
    ).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OAuthError);
    expect((error as OAuthError).code).toBe("invalid_grant");
  });
});

describe("revokeToken", () => {
  it("ignores a store without the endpoint and a store that is down", async () => {
    expect(await revokeToken(credentials, "t", (async () => new Response("", { status: 404 })) as typeof fetch)).toBe(
      false,
    );
    expect(
      await revokeToken(credentials, "t", (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch),
    ).toBe(false);
  });
});

describe("profileFromTokens", () => {
  it("uses the token response's user when the store sends one", () => {
    const profile = profileFromTokens(
      { user: { id: "7", email: "o@s.t", permissions: ["manage_users"] } },
      "http://store.test:4000",
    );
    expect(profile).toEqual({ id: "7", email: "o@s.t", permissions: ["manage_users"] });
  });

  it("falls back to the store's address without one", () => {
    expect(profileFromTokens({}, "http://store.test:4000")).toEqual({ id: "store:store.test:4000", isStore: true });
  });
});
