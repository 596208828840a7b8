import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../src/auth/permissions.js";
import { sha256 } from "../../src/auth/secrets.js";
import { oauthCodes, users } from "../../src/db/schema/index.js";
import type { UserRow } from "../../src/users/users.js";
import {
  addClient,
  addUser,
  api,
  authorize,
  basicAuth,
  Browser,
  exchangeCode,
  formFields,
  postForm,
  REDIRECT_URI,
  startStore,
  tokenRequest,
  type TestStore,
  writeBehindApi,
} from "../helpers/index.js";

/** POST /oauth2/access_token: authorization_code and refresh_token grants, PKCE (docs/contract.md#oauth). */

let store: TestStore;
type Client = { client_id: string; client_secret: string };
let client: Client;
let otherClient: Client;
let owner: UserRow;
const OWNER = { email: "owner@example.com", password: "correct horse battery" };
const TEN_YEARS = 10 * 365 * 86_400;

/** A browser signed in as the owner: each authorization costs three requests, no password hashing. */
let browser: Browser;

async function getCode(
  opts: { client?: Client; scope?: string; extra?: Record<string, string>; browser?: Browser } = {},
) {
  const location = await authorize(
    store,
    {
      clientId: (opts.client ?? client).client_id,
      email: "",
      password: "",
      scope: opts.scope ?? "admin storefront",
      ...(opts.extra ? { extra: opts.extra } : {}),
    },
    opts.browser ?? browser,
  );
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

async function tokensFor(scope = "admin storefront") {
  const res = await exchangeCode(store, client, await getCode({ scope }));
  expect(res.status).toBe(200);
  return res.json as { access_token: string; refresh_token: string; scope: string };
}

function refresh(refreshToken: string, extra: Record<string, string> = {}, c: Client = client) {
  return tokenRequest(store, c, { grant_type: "refresh_token", refresh_token: refreshToken, ...extra });
}

async function usersStatus(token: string) {
  return (await api(store, token, "GET", "/users")).status;
}

/** A token-endpoint error: JSON {error, error_description}, never cached. */
function expectOAuthError(
  res: { status: number; json: Record<string, unknown>; res: Response },
  status: number,
  error: string,
) {
  expect(res.json, JSON.stringify(res.json)).toEqual({ error, error_description: expect.any(String) });
  expect(res.status).toBe(status);
  expect(res.res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(res.res.headers.get("cache-control")).toContain("no-store");
}

function challengeOf(verifier: string) {
  return createHash("sha256").update(verifier).digest("base64url");
}

beforeAll(async () => {
  store = await startStore();
  client = await addClient(store, { name: "Dashboard" });
  otherClient = await addClient(store, { name: "Other App" });
  owner = await addUser(store, OWNER);
  browser = new Browser(store.url);
  const page = await browser.request(
    `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`,
  );
  const signIn = await browser.request("/oauth2/login", {
    form: { ...formFields(page.text, "/oauth2/login"), ...OWNER },
  });
  expect(signIn.res.status).toBe(303);
});
afterAll(() => store.close());

describe("authorization_code grant", () => {
  it("exchanges a code for the token response the contract sets out (docs/contract.md#oauth)", async () => {
    const res = await exchangeCode(store, client, await getCode());
    expect(res.status).toBe(200);
    expect(res.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.res.headers.get("cache-control")).toContain("no-store");
    expect(Object.keys(res.json).sort()).toEqual([
      "access_token",
      "expire_in",
      "expires_in",
      "refresh_token",
      "scope",
      "token_type",
      "user",
    ]);
    expect(res.json).toEqual({
      access_token: expect.stringMatching(/^.{32,}$/),
      token_type: "bearer",
      scope: "admin storefront",
      expire_in: expect.any(Number),
      expires_in: expect.any(Number),
      refresh_token: expect.stringMatching(/^.{32,}$/),
      user: { id: owner.id, email: OWNER.email, permissions: [...PERMISSIONS] },
    });
    expect(res.json.expire_in).toBe(res.json.expires_in);
    expect(res.json.expires_in).toBeGreaterThanOrEqual(TEN_YEARS);
    expect(res.json.expires_in).toBeLessThanOrEqual(TEN_YEARS + 3 * 86_400);
    expect(res.json.refresh_token).not.toBe(res.json.access_token);
    expect(await usersStatus(res.json.access_token)).toBe(200);
  });

  it("grants the scope asked for", async () => {
    const res = await exchangeCode(store, client, await getCode({ scope: "storefront" }));
    expect(res.status).toBe(200);
    expect(res.json.scope).toBe("storefront");
  });

  it("accepts HTTP Basic client authentication", async () => {
    const code = await getCode();
    const res = await tokenRequest(
      store,
      null,
      { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code },
      basicAuth(client.client_id, client.client_secret),
    );
    expect(res.status).toBe(200);
    expect(await usersStatus(res.json.access_token)).toBe(200);
  });

  it("refuses Basic and client_secret together (invalid_request)", async () => {
    const code = await getCode();
    const res = await tokenRequest(
      store,
      client,
      { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code },
      basicAuth(client.client_id, client.client_secret),
    );
    expectOAuthError(res, 400, "invalid_request");
  });

  it("a wrong client secret → 401 invalid_client with WWW-Authenticate, and the code is not spent", async () => {
    const code = await getCode();
    const wrong = await exchangeCode(store, { ...client, client_secret: `${client.client_secret}x` }, code);
    expectOAuthError(wrong, 401, "invalid_client");
    expect(wrong.res.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    const viaBasic = await tokenRequest(
      store,
      null,
      { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code },
      basicAuth(client.client_id, "nope"),
    );
    expectOAuthError(viaBasic, 401, "invalid_client");
    expect((await exchangeCode(store, client, code)).status).toBe(200);
  });

  it("an unknown client, or none at all → 401 invalid_client", async () => {
    const code = await getCode();
    expectOAuthError(
      await exchangeCode(store, { client_id: "app_unknown", client_secret: client.client_secret }, code),
      401,
      "invalid_client",
    );
    expectOAuthError(
      await tokenRequest(store, null, { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code }),
      401,
      "invalid_client",
    );
    expectOAuthError(
      await tokenRequest(store, null, {
        client_id: client.client_id,
        grant_type: "authorization_code",
        redirect_uri: REDIRECT_URI,
        code,
      }),
      401,
      "invalid_client",
    );
    expectOAuthError(
      await tokenRequest(store, null, { grant_type: "authorization_code" }, { authorization: "Basic !!!notbase64" }),
      401,
      "invalid_client",
    );
  });

  it("a reused code → invalid_grant, and the tokens of the first exchange stop working", async () => {
    const code = await getCode();
    const first = await exchangeCode(store, client, code);
    expect(first.status).toBe(200);
    expect(await usersStatus(first.json.access_token)).toBe(200);
    expectOAuthError(await exchangeCode(store, client, code), 400, "invalid_grant");
    expect(await usersStatus(first.json.access_token)).toBe(401);
    expectOAuthError(await refresh(first.json.refresh_token), 400, "invalid_grant");
  });

  it("a redirect_uri that differs from the authorization request's → invalid_grant; a missing one → invalid_request", async () => {
    const code = await getCode();
    expectOAuthError(
      await exchangeCode(store, client, code, { redirect_uri: "http://app.test/other" }),
      400,
      "invalid_grant",
    );
    expectOAuthError(
      await exchangeCode(store, client, code, { redirect_uri: `${REDIRECT_URI}/` }),
      400,
      "invalid_grant",
    );
    expectOAuthError(
      await tokenRequest(store, client, { grant_type: "authorization_code", code }),
      400,
      "invalid_request",
    );
  });

  it("a code issued to another client → invalid_grant", async () => {
    const code = await getCode({ client: otherClient });
    expectOAuthError(await exchangeCode(store, client, code), 400, "invalid_grant");
    expect((await exchangeCode(store, otherClient, code)).status).toBe(200);
  });

  it("an expired code → invalid_grant", async () => {
    const code = await getCode();
    await store.database.db
      .update(oauthCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthCodes.codeHash, sha256(code)));
    expectOAuthError(await exchangeCode(store, client, code), 400, "invalid_grant");
  });

  it("lives 60 seconds", async () => {
    const code = await getCode();
    const [row] = await store.database.db
      .select()
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, sha256(code)));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it("an unknown or missing code → invalid_grant / invalid_request", async () => {
    expectOAuthError(await exchangeCode(store, client, "sac_madeup"), 400, "invalid_grant");
    expectOAuthError(await exchangeCode(store, client, "a\u0000b"), 400, "invalid_grant");
    expectOAuthError(
      await tokenRequest(store, client, { grant_type: "authorization_code", redirect_uri: REDIRECT_URI }),
      400,
      "invalid_request",
    );
  });

  it("a code whose user was deactivated since → invalid_grant", async () => {
    const user = await addUser(store, { email: "leaver@example.com", password: "leaver password" });
    const b = new Browser(store.url);
    const location = await authorize(
      store,
      { clientId: client.client_id, email: user.email, password: "leaver password" },
      b,
    );
    await writeBehindApi(store, () =>
      store.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id)),
    );
    expectOAuthError(await exchangeCode(store, client, location.searchParams.get("code")!), 400, "invalid_grant");
  });

  it("an unsupported grant_type → unsupported_grant_type; a missing one → invalid_request (RFC 6749 §5.2)", async () => {
    for (const grant_type of ["password", "client_credentials", "implicit"]) {
      expectOAuthError(
        await tokenRequest(store, client, { grant_type, username: OWNER.email, password: OWNER.password }),
        400,
        "unsupported_grant_type",
      );
    }
    expectOAuthError(await tokenRequest(store, client, { grant_type: "" }), 400, "invalid_request");
    expectOAuthError(await tokenRequest(store, client, {}), 400, "invalid_request");
  });

  it("other methods on the OAuth endpoints → 405 with Allow", async () => {
    for (const path of ["/oauth2/access_token", "/oauth2/revoke"]) {
      const res = await fetch(`${store.url}${path}`);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(((await res.json()) as { error: string }).error).toBe("method_not_allowed");
    }
    const res = await fetch(`${store.url}/oauth2/authorize`, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, POST");
  });

  it("answers JSON errors, never 5xx, for odd input", async () => {
    const bodies: Record<string, string>[] = [
      {
        client_id: "a\u0000b",
        client_secret: "x",
        grant_type: "authorization_code",
        code: "x",
        redirect_uri: REDIRECT_URI,
      },
      { client_id: "x".repeat(100_000), client_secret: "x", grant_type: "authorization_code" },
      {
        client_id: client.client_id,
        client_secret: client.client_secret,
        grant_type: "authorization_code",
        code: "😀".repeat(1000),
        redirect_uri: "\u0000",
      },
      {
        client_id: client.client_id,
        client_secret: client.client_secret,
        grant_type: "refresh_token",
        refresh_token: "x\u0000",
        scope: "\u0000",
      },
    ];
    for (const body of bodies) {
      const res = await tokenRequest(store, null, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.json).toEqual({ error: expect.any(String), error_description: expect.any(String) });
    }
    const repeated = await postForm(
      `${store.url}/oauth2/access_token`,
      new URLSearchParams([
        ["client_id", client.client_id],
        ["client_id", client.client_id],
        ["client_secret", client.client_secret],
        ["grant_type", "authorization_code"],
      ]),
    );
    expectOAuthError(repeated, 401, "invalid_client");
    const json = await fetch(`${store.url}/oauth2/access_token`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(json.status).toBe(400);
  });
});

describe("PKCE (S256)", () => {
  const verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

  it("a code with a challenge needs the matching verifier", async () => {
    const code = await getCode({ extra: { code_challenge: challengeOf(verifier), code_challenge_method: "S256" } });
    const res = await exchangeCode(store, client, code, { code_verifier: verifier });
    expect(res.status).toBe(200);
    expect(await usersStatus(res.json.access_token)).toBe(200);
  });

  it("a wrong verifier → invalid_grant", async () => {
    const code = await getCode({ extra: { code_challenge: challengeOf(verifier), code_challenge_method: "S256" } });
    expectOAuthError(
      await exchangeCode(store, client, code, { code_verifier: `${verifier.slice(0, -1)}A` }),
      400,
      "invalid_grant",
    );
    expectOAuthError(
      await exchangeCode(store, client, code, { code_verifier: challengeOf(verifier) }),
      400,
      "invalid_grant",
    ); // the challenge itself
  });

  it("a missing verifier → invalid_grant", async () => {
    const code = await getCode({ extra: { code_challenge: challengeOf(verifier), code_challenge_method: "S256" } });
    expectOAuthError(await exchangeCode(store, client, code), 400, "invalid_grant");
  });

  it("a verifier for a code that had no challenge → invalid_grant", async () => {
    const code = await getCode();
    expectOAuthError(await exchangeCode(store, client, code, { code_verifier: verifier }), 400, "invalid_grant");
  });

  it("code_challenge_method=plain is refused at authorization with an error redirect", async () => {
    const { res } = await browser.request(
      `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin", state: "p", code_challenge: verifier, code_challenge_method: "plain" })}`,
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_request");
    expect(location.searchParams.get("state")).toBe("p");
    expect(location.searchParams.has("code")).toBe(false);
  });
});

describe("refresh_token grant", () => {
  it("issues a new working access token and rotates the refresh token", async () => {
    const first = await tokensFor();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    expect(res.res.headers.get("cache-control")).toContain("no-store");
    expect(res.json).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      scope: "admin storefront",
      expire_in: expect.any(Number),
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      user: { id: owner.id, email: OWNER.email, permissions: [...PERMISSIONS] },
    });
    expect(res.json.expires_in).toBe(res.json.expire_in);
    expect(res.json.access_token).not.toBe(first.access_token);
    expect(res.json.refresh_token).not.toBe(first.refresh_token);
    expect(await usersStatus(res.json.access_token)).toBe(200);
    const next = await refresh(res.json.refresh_token);
    expect(next.status).toBe(200);
    expect(await usersStatus(next.json.access_token)).toBe(200);
  });

  it("accepts HTTP Basic client authentication", async () => {
    const first = await tokensFor();
    const res = await tokenRequest(
      store,
      null,
      { grant_type: "refresh_token", refresh_token: first.refresh_token },
      basicAuth(client.client_id, client.client_secret),
    );
    expect(res.status).toBe(200);
  });

  it("reusing an old refresh token → invalid_grant and revokes the grant: the newest tokens stop working", async () => {
    const first = await tokensFor();
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    expect(await usersStatus(second.json.access_token)).toBe(200);
    expectOAuthError(await refresh(first.refresh_token), 400, "invalid_grant");
    expect(await usersStatus(second.json.access_token)).toBe(401);
    expect(await usersStatus(first.access_token)).toBe(401);
    expectOAuthError(await refresh(second.json.refresh_token), 400, "invalid_grant");
  });

  it("narrows the scope when asked", async () => {
    const first = await tokensFor("admin storefront");
    const res = await refresh(first.refresh_token, { scope: "storefront" });
    expect(res.status).toBe(200);
    expect(res.json.scope).toBe("storefront");
    const users = await api(store, res.json.access_token, "GET", "/users");
    expect(users.status).toBe(403);
    expect(users.json.error).toBe("insufficient_scope");
  });

  it("after a narrower refresh, a later refresh may ask again for anything the grant holds", async () => {
    const first = await tokensFor("admin storefront");
    const narrow = await refresh(first.refresh_token, { scope: "storefront" });
    expect(narrow.json.scope).toBe("storefront");
    const wide = await refresh(narrow.json.refresh_token, { scope: "admin storefront" });
    expect(wide.status).toBe(200);
    expect(wide.json.scope).toBe("admin storefront");
    expect(await usersStatus(wide.json.access_token)).toBe(200);
  });

  it("widening the scope → invalid_scope, and the refresh token is not spent", async () => {
    const first = await tokensFor("storefront");
    expectOAuthError(await refresh(first.refresh_token, { scope: "storefront admin" }), 400, "invalid_scope");
    expectOAuthError(await refresh(first.refresh_token, { scope: "cart" }), 400, "invalid_scope");
    const ok = await refresh(first.refresh_token);
    expect(ok.status).toBe(200);
    expect(ok.json.scope).toBe("storefront");
  });

  it("a refresh token of another client, an unknown one, or an access token → invalid_grant", async () => {
    const first = await tokensFor();
    expectOAuthError(await refresh(first.refresh_token, {}, otherClient), 400, "invalid_grant");
    expectOAuthError(await refresh("srt_madeup"), 400, "invalid_grant");
    expectOAuthError(await refresh(first.access_token), 400, "invalid_grant");
    // None of that spent or revoked it.
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it("a missing refresh_token → invalid_request; a wrong secret → invalid_client", async () => {
    const first = await tokensFor();
    expectOAuthError(await tokenRequest(store, client, { grant_type: "refresh_token" }), 400, "invalid_request");
    expectOAuthError(
      await refresh(first.refresh_token, {}, { ...client, client_secret: "wrong" }),
      401,
      "invalid_client",
    );
    expect((await refresh(first.refresh_token)).status).toBe(200);
  });

  it("a refresh token is not an access token", async () => {
    const first = await tokensFor();
    expect(await usersStatus(first.refresh_token)).toBe(401);
  });

  it("a refresh token of a deactivated user → invalid_grant", async () => {
    const user = await addUser(store, { email: "refresher@example.com", password: "refresher password" });
    const location = await authorize(
      store,
      { clientId: client.client_id, email: user.email, password: "refresher password" },
      new Browser(store.url),
    );
    const tokens = await exchangeCode(store, client, location.searchParams.get("code")!);
    expect(tokens.status).toBe(200);
    await writeBehindApi(store, () =>
      store.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id)),
    );
    expectOAuthError(await refresh(tokens.json.refresh_token), 400, "invalid_grant");
    expect(await usersStatus(tokens.json.access_token)).toBe(401);
  });
});
