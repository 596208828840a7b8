import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthCodes, users } from "../../src/db/schema/index.js";
import type { UserRow } from "../../src/users/users.js";
import {
  addClient,
  addUser,
  api,
  authorize,
  Browser,
  formFields,
  labels,
  REDIRECT_URI,
  startStore,
  type TestStore,
  writeBehindApi,
} from "../helpers/index.js";

/**
 * GET/POST /oauth2/authorize and the sign-in/consent pages
 * (docs/contract.md#oauth).
 */

let store: TestStore;
let client: { client_id: string; client_secret: string };
let narrowClient: { client_id: string; client_secret: string };
let owner: UserRow;
const OWNER = { email: "owner@example.com", password: "correct horse battery" };
const QUERY_REDIRECT = "http://app.test/cb?keep=1";

/** A browser signed in as the owner, reused by the consent tests. */
let signedIn: Browser;

function authorizePath(params: Record<string, string | undefined> = {}, base: Record<string, string> = {}) {
  const all: Record<string, string | undefined> = {
    client_id: client.client_id,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "admin storefront",
    ...base,
    ...params,
  };
  const qs = new URLSearchParams(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined));
  return `/oauth2/authorize?${qs}`;
}

/** Opens the sign-in page and submits it; returns the login response. */
async function submitSignIn(browser: Browser, email: string, password: string, path = authorizePath()) {
  const page = await browser.request(path);
  expect(page.res.status).toBe(200);
  const form = formFields(page.text, "/oauth2/login");
  return browser.request("/oauth2/login", { form: { ...form, email, password } });
}

async function countCodes() {
  const [row] = await store.database.db.select({ n: sql<number>`count(*)::int` }).from(oauthCodes);
  return row!.n;
}

function expectPageHeaders(res: Response) {
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.headers.get("cache-control")).toContain("no-store");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
}

function isSignInPage(html: string) {
  return html.includes('action="/oauth2/login"');
}
function isConsentPage(html: string) {
  return html.includes('name="decision" value="allow"');
}

beforeAll(async () => {
  store = await startStore();
  client = await addClient(store, { name: "Inventory Sync", redirectUris: [REDIRECT_URI, QUERY_REDIRECT] });
  narrowClient = await addClient(store, { name: "Storefront Widget", scopes: ["storefront"] });
  owner = await addUser(store, OWNER);
  signedIn = new Browser(store.url);
  const res = await submitSignIn(signedIn, OWNER.email, OWNER.password);
  expect(res.res.status).toBe(303);
});
afterAll(() => store.close());

describe("sign-in page", () => {
  it("shows a signed-out user a sign-in form with Email and Password fields and a Sign in button", async () => {
    const browser = new Browser(store.url);
    const { res, text } = await browser.request(authorizePath());
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expect(isSignInPage(text)).toBe(true);
    expect(isConsentPage(text)).toBe(false);
    expect(labels(text)).toEqual([
      { text: "Email", hasInput: true },
      { text: "Password", hasInput: true },
    ]);
    expect(text).toMatch(/<input id="password" name="password" type="password"/);
    expect(text).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(text).toContain("Inventory Sync");
    const form = formFields(text, "/oauth2/login");
    expect(form.csrf_token).toMatch(/^.{20,}$/);
    expect(form.return_to).toBe(authorizePath());
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const { res } = await new Browser(store.url).request(authorizePath());
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^store_session=[^;]+;/);
    expect(cookies[0]).toMatch(/;\s*HttpOnly(;|$)/i);
    expect(cookies[0]).toMatch(/;\s*SameSite=Lax(;|$)/i);
    expect(cookies[0]).toMatch(/;\s*Path=\/(;|$)/i);
  });

  it("re-renders with an error and signs no one in after a wrong password", async () => {
    const browser = new Browser(store.url);
    const { res, text } = await submitSignIn(browser, OWNER.email, "wrong password!");
    expect(res.status).toBe(401);
    expectPageHeaders(res);
    expect(res.headers.get("location")).toBeNull();
    expect(isSignInPage(text)).toBe(true);
    expect(text).toMatch(/role="alert"[^>]*>The email or password is not correct\./);
    expect(text).toContain(`value="${OWNER.email}"`); // the e-mail is kept
    expect(text).not.toContain("wrong password!"); // the password is not echoed
    const again = await browser.request(authorizePath());
    expect(isSignInPage(again.text)).toBe(true);
  });

  it("answers an unknown e-mail exactly like a wrong password", async () => {
    const { res, text } = await submitSignIn(new Browser(store.url), "nobody@example.com", OWNER.password);
    expect(res.status).toBe(401);
    expect(text).toContain("The email or password is not correct.");
  });

  it("refuses a sign-in form without its CSRF token", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath());
    const { csrf_token: _, ...form } = formFields(page.text, "/oauth2/login");
    const res = await browser.request("/oauth2/login", {
      form: { ...form, email: OWNER.email, password: OWNER.password },
    });
    expect(res.res.status).toBe(400);
    expect(isSignInPage(res.text)).toBe(true);
    expect(isSignInPage((await browser.request(authorizePath())).text)).toBe(true);
  });

  it("signs in on a fresh session id and returns to the authorization request", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath({ state: "s1" }));
    const before = browser.cookies.get("store_session");
    const form = formFields(page.text, "/oauth2/login");
    const res = await browser.request("/oauth2/login", {
      form: { ...form, email: OWNER.email, password: OWNER.password },
    });
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get("location")).toBe(authorizePath({ state: "s1" }));
    const cookie = res.res.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(browser.cookies.get("store_session")).toBeDefined();
    expect(browser.cookies.get("store_session")).not.toBe(before);
    const consent = await browser.request(res.res.headers.get("location")!);
    expect(isConsentPage(consent.text)).toBe(true);
  });

  it("does not follow a return_to outside the authorize endpoint", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath());
    const form = formFields(page.text, "/oauth2/login");
    for (const returnTo of ["https://evil.example/", "//evil.example/oauth2/authorize?x", "/dev/outbox"]) {
      const b = new Browser(store.url);
      b.cookies = new Map(browser.cookies);
      const res = await b.request("/oauth2/login", {
        form: { ...form, return_to: returnTo, email: "nobody@example.com", password: "x" },
      });
      expect(res.text).toContain(`name="return_to" value="/oauth2/signed-in"`);
    }
    const res = await browser.request("/oauth2/login", {
      form: { ...form, return_to: "https://evil.example/", email: OWNER.email, password: OWNER.password },
    });
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get("location")).toBe("/oauth2/signed-in");
  });

  it("does not let an inactive user sign in", async () => {
    const inactive = await addUser(store, { email: "gone@example.com", password: "inactive password" });
    await writeBehindApi(store, () =>
      store.database.db.update(users).set({ isActive: false }).where(eq(users.id, inactive.id)),
    );
    const browser = new Browser(store.url);
    const { res, text } = await submitSignIn(browser, "gone@example.com", "inactive password");
    expect(res.status).toBe(403);
    expect(res.headers.get("location")).toBeNull();
    expect(text).toContain("deactivated");
    expect(isSignInPage((await browser.request(authorizePath())).text)).toBe(true);
  });

  it("rate-limits sign-in per e-mail: after 5 failures a 6th attempt gets 429 with Retry-After, even with the right password", async () => {
    await addUser(store, { email: "target@example.com", password: "the right password" });
    const browser = new Browser(store.url);
    for (let i = 0; i < 5; i++) {
      const { res } = await submitSignIn(browser, "target@example.com", `guess ${i}`);
      expect(res.status).toBe(401);
    }
    const { res, text } = await submitSignIn(browser, "TARGET@example.com", "the right password");
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number.isInteger(Number(res.headers.get("retry-after")))).toBe(true);
    expect(text).toContain("Too many failed sign-ins");
    expect(isSignInPage((await browser.request(authorizePath())).text)).toBe(true);
    // Another account is not locked out by it.
    expect((await submitSignIn(new Browser(store.url), OWNER.email, OWNER.password)).res.status).toBe(303);
  });

  it("answers the sign-in form with a 4xx page, not a 5xx, for odd input", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath());
    const form = formFields(page.text, "/oauth2/login");
    for (const [email, password] of [
      ["a\u0000b@example.com", "password1"],
      ["x".repeat(100_000), "password1"],
      ["😀@example.com", "ünïcødé 😀"],
      ["", ""],
    ] as const) {
      const res = await browser.request("/oauth2/login", { form: { ...form, email, password } });
      expect(res.res.status, JSON.stringify(email.slice(0, 20))).toBeGreaterThanOrEqual(400);
      expect(res.res.status).toBeLessThan(500);
      expect(isSignInPage(res.text)).toBe(true);
    }
  });
});

describe("consent page", () => {
  it("names the application and each scope asked, with Allow and Deny buttons", async () => {
    const { res, text } = await signedIn.request(authorizePath({ scope: "admin storefront" }));
    expect(res.status).toBe(200);
    expectPageHeaders(res);
    expect(isSignInPage(text)).toBe(false);
    expect(text).toContain("Allow Inventory Sync to access your store?");
    expect(text).toContain(OWNER.email);
    const scopes = [...text.matchAll(/<li><strong>([a-z]+)<\/strong>/g)].map((m) => m[1]);
    expect(scopes).toEqual(["admin", "storefront"]);
    expect(text).toMatch(/<button type="submit" name="decision" value="allow">Allow<\/button>/);
    expect(text).toMatch(/<button type="submit" name="decision" value="deny"[^>]*>Deny<\/button>/);
    const form = formFields(text, "/oauth2/authorize");
    expect(form).toMatchObject({
      client_id: client.client_id,
      response_type: "code",
      redirect_uri: REDIRECT_URI,
      scope: "admin storefront",
    });
    expect(form.csrf_token).toMatch(/^.{20,}$/);
  });

  it("lists only the scopes asked for", async () => {
    const { text } = await signedIn.request(authorizePath({ scope: "storefront" }));
    expect([...text.matchAll(/<li><strong>([a-z]+)<\/strong>/g)].map((m) => m[1])).toEqual(["storefront"]);
  });

  it("allow with response_type=code redirects to redirect_uri with code and state", async () => {
    const location = await authorize(
      store,
      { clientId: client.client_id, email: "", password: "", state: "xyz" },
      signedIn,
    );
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect([...location.searchParams.keys()].sort()).toEqual(["code", "state"]);
    expect(location.searchParams.get("code")).toMatch(/^.{20,}$/);
    expect(location.searchParams.get("state")).toBe("xyz");
    expect(location.hash).toBe("");
  });

  it("returns state untouched, odd characters included", async () => {
    const state = `a b+c&d=e/f?g#h%25 é 😀 <"'> \\ ;,`;
    const page = await signedIn.request(authorizePath({ state }));
    expect(page.text).not.toContain(`<"'>`); // escaped in the page
    const location = await authorize(store, { clientId: client.client_id, email: "", password: "", state }, signedIn);
    expect(location.searchParams.get("state")).toBe(state);
    expect(location.searchParams.get("code")).toBeTruthy();
  });

  it("omits state when the application sent none", async () => {
    const location = await authorize(store, { clientId: client.client_id, email: "", password: "" }, signedIn);
    expect(location.searchParams.has("state")).toBe(false);
    expect(location.searchParams.get("code")).toBeTruthy();
  });

  it("keeps the query of a registered redirect_uri", async () => {
    const location = await authorize(
      store,
      { clientId: client.client_id, email: "", password: "", redirectUri: QUERY_REDIRECT, state: "q" },
      signedIn,
    );
    expect(location.searchParams.get("keep")).toBe("1");
    expect(location.searchParams.get("code")).toBeTruthy();
    expect(location.searchParams.get("state")).toBe("q");
  });

  it("deny redirects with error=access_denied, error_description and state, and no code", async () => {
    const codes = await countCodes();
    const location = await authorize(
      store,
      { clientId: client.client_id, email: "", password: "", state: "st 1", decision: "deny" },
      signedIn,
    );
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get("error")).toBe("access_denied");
    expect(location.searchParams.get("error_description")).toBeTruthy();
    expect(location.searchParams.get("state")).toBe("st 1");
    expect(location.searchParams.has("code")).toBe(false);
    expect(await countCodes()).toBe(codes);
  });

  it("deny in the implicit flow puts the error in the fragment", async () => {
    const location = await authorize(
      store,
      { clientId: client.client_id, email: "", password: "", responseType: "token", state: "s", decision: "deny" },
      signedIn,
    );
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("error")).toBe("access_denied");
    expect(fragment.get("error_description")).toBeTruthy();
    expect(fragment.get("state")).toBe("s");
    expect(fragment.has("access_token")).toBe(false);
  });

  it("implicit flow: the fragment carries a working access token, its type, lifetime, scope and state, and no refresh token", async () => {
    const location = await authorize(
      store,
      { clientId: client.client_id, email: "", password: "", responseType: "token", scope: "admin", state: "imp" },
      signedIn,
    );
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.search).toBe("");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect([...fragment.keys()].sort()).toEqual([
      "access_token",
      "expire_in",
      "expires_in",
      "scope",
      "state",
      "token_type",
    ]);
    expect(fragment.get("token_type")).toBe("bearer");
    expect(fragment.get("scope")).toBe("admin");
    expect(fragment.get("state")).toBe("imp");
    expect(fragment.get("expire_in")).toBe(fragment.get("expires_in"));
    expect(Number(fragment.get("expires_in"))).toBeGreaterThanOrEqual(10 * 365 * 86_400);
    const res = await api(store, fragment.get("access_token"), "GET", "/users");
    expect(res.status).toBe(200);
    expect(res.json.map((u: { email: string }) => u.email)).toContain(OWNER.email);
  });

  it("issues no code for a decision without, or with a wrong, csrf_token", async () => {
    const page = await signedIn.request(authorizePath({ state: "csrf" }));
    const form = formFields(page.text, "/oauth2/authorize");
    const codes = await countCodes();
    const { csrf_token: real, ...withoutToken } = form;
    for (const body of [
      withoutToken,
      { ...withoutToken, csrf_token: "forged" },
      { ...withoutToken, csrf_token: `${real}x` },
    ]) {
      const res = await signedIn.request("/oauth2/authorize", { form: { ...body, decision: "allow" } });
      expect(res.res.status).toBe(403);
      expect(res.res.headers.get("location")).toBeNull();
      expectPageHeaders(res.res);
      expect(res.text).not.toContain("code=");
    }
    // Another browser's valid CSRF token does not work with this session either.
    const other = new Browser(store.url);
    const otherPage = await other.request(authorizePath());
    const otherToken = formFields(otherPage.text, "/oauth2/login").csrf_token!;
    const res = await signedIn.request("/oauth2/authorize", {
      form: { ...withoutToken, csrf_token: otherToken, decision: "allow" },
    });
    expect(res.res.status).toBe(403);
    expect(await countCodes()).toBe(codes);
  });

  it("sends a signed-out browser's decision back to sign-in, issuing nothing", async () => {
    const page = await signedIn.request(authorizePath());
    const form = formFields(page.text, "/oauth2/authorize");
    const codes = await countCodes();
    const res = await new Browser(store.url).request("/oauth2/authorize", { form: { ...form, decision: "allow" } });
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get("location")).toMatch(/^\/oauth2\/authorize\?/);
    expect(await countCodes()).toBe(codes);
  });

  it("refuses a decision whose redirect_uri was tampered with, with an error page and no redirect", async () => {
    const page = await signedIn.request(authorizePath());
    const form = formFields(page.text, "/oauth2/authorize");
    const codes = await countCodes();
    const res = await signedIn.request("/oauth2/authorize", {
      form: { ...form, redirect_uri: "https://evil.example/cb", decision: "allow" },
    });
    expect(res.res.status).toBe(400);
    expect(res.res.headers.get("location")).toBeNull();
    expect(await countCodes()).toBe(codes);
  });

  it("'Sign in as someone else' ends the session", async () => {
    const browser = new Browser(store.url);
    await submitSignIn(browser, OWNER.email, OWNER.password);
    const consent = await browser.request(authorizePath());
    expect(isConsentPage(consent.text)).toBe(true);
    const logout = await browser.request("/oauth2/logout", { form: formFields(consent.text, "/oauth2/logout") });
    expect(logout.res.status).toBe(303);
    expect(logout.res.headers.get("location")).toBe(authorizePath());
    expect(isSignInPage((await browser.request(authorizePath())).text)).toBe(true);
  });
});

describe("requests that cannot be redirected safely show an error page", () => {
  const cases: [string, () => Record<string, string | undefined>][] = [
    ["an unknown client_id", () => ({ client_id: "app_unknown" })],
    ["a missing client_id", () => ({ client_id: undefined })],
    ["a missing redirect_uri", () => ({ redirect_uri: undefined })],
    ["an unregistered redirect_uri", () => ({ redirect_uri: "https://evil.example/callback" })],
    ["a redirect_uri with an extra trailing slash", () => ({ redirect_uri: `${REDIRECT_URI}/` })],
    ["a redirect_uri with an extra query", () => ({ redirect_uri: `${REDIRECT_URI}?x=1` })],
    ["a redirect_uri that differs in scheme", () => ({ redirect_uri: REDIRECT_URI.replace("http:", "https:") })],
    [
      "a redirect_uri registered for another client",
      () => ({ client_id: narrowClient.client_id, redirect_uri: QUERY_REDIRECT }),
    ],
    ["a client_id with a NUL byte", () => ({ client_id: "app_\u0000x" })],
  ];
  for (const [name, params] of cases) {
    it(`${name} → 400 HTML page, not a redirect`, async () => {
      for (const browser of [new Browser(store.url), signedIn]) {
        const { res, text } = await browser.request(authorizePath({ ...params(), state: "s" }));
        expect(res.status).toBe(400);
        expect(res.headers.get("location")).toBeNull();
        expectPageHeaders(res);
        expect(text).toContain("This sign-in link is not valid");
        expect(isSignInPage(text) || isConsentPage(text)).toBe(false);
      }
    });
  }
});

describe("errors redirected to the application (RFC 6749 §4.1.2.1)", () => {
  const cases: [string, Record<string, string | undefined>, string][] = [
    ["an unsupported response_type", { response_type: "id_token" }, "unsupported_response_type"],
    ["a missing response_type", { response_type: undefined }, "invalid_request"],
    ["an unknown scope", { scope: "admin superuser" }, "invalid_scope"],
    ["a missing scope", { scope: undefined }, "invalid_scope"],
    ["a repeated parameter", {}, "invalid_request"],
    [
      "code_challenge_method=plain",
      { code_challenge: "a".repeat(43), code_challenge_method: "plain" },
      "invalid_request",
    ],
    ["a code_challenge without a method (plain by default)", { code_challenge: "a".repeat(43) }, "invalid_request"],
    ["a malformed code_challenge", { code_challenge: "short", code_challenge_method: "S256" }, "invalid_request"],
  ];
  for (const [name, params, error] of cases) {
    it(`${name} → ${error}, before any sign-in`, async () => {
      let path = authorizePath({ ...params, state: "st&1" });
      if (name === "a repeated parameter") path += "&scope=admin";
      for (const browser of [new Browser(store.url), signedIn]) {
        const { res } = await browser.request(path);
        expect(res.status).toBe(302);
        const location = new URL(res.headers.get("location")!);
        expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
        expect(location.searchParams.get("error")).toBe(error);
        expect(location.searchParams.get("error_description")).toBeTruthy();
        expect(location.searchParams.get("state")).toBe("st&1");
        expect(location.searchParams.has("code")).toBe(false);
      }
    });
  }

  it("a scope the client may not ask for → invalid_scope", async () => {
    const { res } = await signedIn.request(
      authorizePath({ client_id: narrowClient.client_id, scope: "storefront admin", state: "n" }),
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.searchParams.get("error")).toBe("invalid_scope");
    expect(location.searchParams.get("state")).toBe("n");
    // …while the scope it may ask for works.
    const ok = await authorize(
      store,
      { clientId: narrowClient.client_id, email: "", password: "", scope: "storefront" },
      signedIn,
    );
    expect(ok.searchParams.get("code")).toBeTruthy();
  });

  it("an invalid scope in the implicit flow comes back in the fragment", async () => {
    const { res } = await signedIn.request(authorizePath({ response_type: "token", scope: "nope", state: "f" }));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    expect(location.search).toBe("");
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("error")).toBe("invalid_scope");
    expect(fragment.get("state")).toBe("f");
  });

  it("the owner is still signed in after all of the above (sanity)", async () => {
    const { text } = await signedIn.request(authorizePath());
    expect(isConsentPage(text)).toBe(true);
    expect(text).toContain(owner.email);
  });
});
