import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthCodes, users } from "../../src/db/schema/index.js";
import { createPasswordLink } from "../../src/users/password-links.js";
import { addClient, addUser, Browser, formFields, REDIRECT_URI, startStore, type TestStore } from "../helpers/index.js";

/**
 * The store's forms (sign-in, consent, sign-out, set-password) take a POST only
 * from the store's own pages: its Origin (or, without one, its Referer) must be
 * the store's public URL or the address the request itself reached. Anything
 * else is a 403 page that changes nothing.
 */

const EVIL = "http://evil.example";
const OWNER = { email: "owner@example.com", password: "owner password" };

let store: TestStore;
let client: { client_id: string };

beforeAll(async () => {
  store = await startStore();
  client = await addClient(store);
  await addUser(store, OWNER);
});
afterAll(() => store.close());

function authorizePath(clientId = client.client_id) {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: clientId, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
}

function expectRefused(r: { res: Response; text: string }) {
  expect(r.res.status).toBe(403);
  expect(r.res.headers.get("location")).toBeNull();
  expect(r.res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(r.res.headers.get("x-frame-options")).toBe("DENY");
  expect(r.text).toContain("did not come from");
  expect(r.res.headers.getSetCookie()).toEqual([]);
}

async function signedInBrowser() {
  const browser = new Browser(store.url);
  const page = await browser.request(authorizePath());
  const res = await browser.request("/oauth2/login", { form: { ...formFields(page.text, "/oauth2/login"), ...OWNER } });
  expect(res.res.status).toBe(303);
  return browser;
}

async function isSignedIn(browser: Browser) {
  return (await browser.request(authorizePath())).text.includes('name="decision"');
}

async function countCodes() {
  const [row] = await store.database.db.select({ n: sql<number>`count(*)::int` }).from(oauthCodes);
  return row!.n;
}

/** Posts the sign-in form of a fresh browser with the given Origin/Referer; returns the response and the browser. */
async function signIn(origin: string | null, headers: Record<string, string> = {}) {
  const browser = new Browser(store.url);
  const page = await browser.request(authorizePath());
  const res = await browser.request("/oauth2/login", {
    form: { ...formFields(page.text, "/oauth2/login"), ...OWNER },
    origin,
    headers,
  });
  return { ...res, browser };
}

describe("a cross-site POST to any of the store's forms is refused and changes nothing", () => {
  it("sign-in", async () => {
    const r = await signIn(EVIL);
    expectRefused(r);
    expect(await isSignedIn(r.browser)).toBe(false);
  });

  it("consent", async () => {
    const browser = await signedInBrowser();
    const form = formFields((await browser.request(authorizePath())).text, "/oauth2/authorize");
    const codes = await countCodes();
    const r = await browser.request("/oauth2/authorize", { form: { ...form, decision: "allow" }, origin: EVIL });
    expectRefused(r);
    expect(await countCodes()).toBe(codes);
    // The same form from the store's own page works.
    const ok = await browser.request("/oauth2/authorize", { form: { ...form, decision: "allow" } });
    expect(ok.res.status).toBe(303);
    expect(await countCodes()).toBe(codes + 1);
  });

  it("sign-out", async () => {
    const browser = await signedInBrowser();
    const form = formFields((await browser.request(authorizePath())).text, "/oauth2/logout");
    expectRefused(await browser.request("/oauth2/logout", { form, origin: EVIL }));
    expect(await isSignedIn(browser)).toBe(true);
    expect((await browser.request("/oauth2/logout", { form })).res.status).toBe(303);
    expect(await isSignedIn(browser)).toBe(false);
  });

  it("set-password", async () => {
    const user = await addUser(store, { email: "invitee@example.com" });
    const token = await createPasswordLink(store.database.db, user.id);
    const browser = new Browser(store.url);
    const form = { token, password: "invitee password", confirm: "invitee password" };
    expectRefused(await browser.request("/account/set-password", { form, origin: EVIL }));
    const [row] = await store.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    expect((await browser.request(`/account/set-password?token=${encodeURIComponent(token)}`)).res.status).toBe(200);
    expect((await browser.request("/account/set-password", { form })).res.status).toBe(200);
  });
});

describe("which source counts as the store's own", () => {
  it("the pages ask for Referrer-Policy same-origin, under which a browser sends their real Origin, not null", async () => {
    const page = await new Browser(store.url).request(authorizePath());
    expect(page.res.headers.get("referrer-policy")).toBe("same-origin");
  });

  it("refuses Origin: null (a sandboxed frame, or a page that hides its origin)", async () => {
    expectRefused(await signIn("null"));
  });

  it("refuses another port or scheme of the same host", async () => {
    const { hostname, port } = new URL(store.url);
    expectRefused(await signIn(`http://${hostname}:${Number(port) + 1}`));
    expectRefused(await signIn(`https://${hostname}:${port}`));
    expectRefused(await signIn(`http://${hostname}`));
  });

  it("without Origin, judges the Referer: the store's own page passes, another site's does not", async () => {
    expectRefused(await signIn(null, { referer: `${EVIL}/oauth2/authorize?x=1` }));
    expectRefused(await signIn(null, { referer: "not a url" }));
    expect((await signIn(null, { referer: `${store.url}${authorizePath()}` })).res.status).toBe(303);
  });

  it("an Origin wins over the Referer", async () => {
    expectRefused(await signIn(EVIL, { referer: `${store.url}${authorizePath()}` }));
  });

  it("refuses a POST with neither Origin nor Referer", async () => {
    expectRefused(await signIn(null));
  });

  it("accepts the public URL's origin and the address the request reached (localhost vs 127.0.0.1)", async () => {
    const reached = new URL(store.url);
    const publicUrl = `http://localhost:${reached.port}`;
    const saved = store.app.config.publicUrl;
    store.app.config.publicUrl = publicUrl;
    try {
      expect((await signIn(publicUrl)).res.status).toBe(303);
      expect((await signIn(reached.origin)).res.status).toBe(303);
      expectRefused(await signIn(`http://localhost:${Number(reached.port) + 1}`));
    } finally {
      store.app.config.publicUrl = saved;
    }
  });
});

describe("behind a proxy", () => {
  const PROXIED = "https://shop.example";
  const FORWARDED = { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" };

  it("a trusted proxy's forwarded host and scheme make the request's own origin", async () => {
    const trusting = await startStore({ trustProxy: true });
    try {
      await addUser(trusting, OWNER);
      const c = await addClient(trusting);
      const browser = new Browser(trusting.url);
      const page = await browser.request(authorizePath(c.client_id), { headers: FORWARDED });
      const form = { ...formFields(page.text, "/oauth2/login"), ...OWNER };
      expect((await browser.request("/oauth2/login", { form, origin: PROXIED, headers: FORWARDED })).res.status).toBe(
        303,
      );
    } finally {
      await trusting.close();
    }
  });

  it("without trustProxy the forwarded headers are ignored", async () => {
    expectRefused(await signIn(PROXIED, FORWARDED));
  });
});
