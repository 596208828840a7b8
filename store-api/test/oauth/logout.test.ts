import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addUser,
  addClient,
  authorize,
  Browser,
  formFields,
  linkTo,
  REDIRECT_URI,
  startStore,
  type TestStore,
} from "../helpers/index.js";

/**
 * /oauth2/logout: the page the dashboard's "Sign out of the store too" links
 * to. A GET only asks; the form signs out (same origin, CSRF token); the
 * consent page's "sign in as someone else" still returns to its request.
 */

const DASHBOARD = "https://admin.example.test/";
const OWNER = { email: "owner@example.com", password: "owner password" };

let store: TestStore;
let client: { client_id: string; client_secret: string };

beforeAll(async () => {
  store = await startStore({ dashboardUrl: DASHBOARD });
  client = await addClient(store);
  await addUser(store, OWNER);
});
afterAll(() => store.close());

function authorizePath() {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
}

async function signedInBrowser() {
  const browser = new Browser(store.url);
  await authorize(store, { clientId: client.client_id, ...OWNER, scope: "admin" }, browser);
  return browser;
}

/** Whether the browser's store session is signed in: the authorization request shows consent, not sign-in. */
async function isSignedIn(browser: Browser) {
  const page = await browser.request(authorizePath());
  return page.text.includes('name="decision"');
}

describe("GET /oauth2/logout", () => {
  it("signed out: says so, with a link back to the dashboard, and starts no session", async () => {
    const page = await new Browser(store.url).request("/oauth2/logout");
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.res.headers.get("set-cookie")).toBeNull();
    expect(page.text).toMatch(/<h1>You are signed out of Demo Store<\/h1>/);
    expect(page.text).not.toContain("<form");
    expect(linkTo(page.text, "Back to Store Admin")).toBe(DASHBOARD);
  });

  it("signed in: names the user and asks, with a form; the GET alone signs no one out", async () => {
    const browser = await signedInBrowser();
    const page = await browser.request("/oauth2/logout");
    expect(page.res.status).toBe(200);
    expect(page.text).toMatch(/<h1>Sign out of Demo Store\?<\/h1>/);
    expect(page.text).toContain(`<strong>${OWNER.email}</strong>`);
    expect(page.text).toMatch(/<button type="submit">Sign out<\/button>/);
    expect(linkTo(page.text, "Back to Store Admin")).toBe(DASHBOARD);
    const form = formFields(page.text, "/oauth2/logout");
    expect(form.csrf_token).toBeTruthy();
    expect(form.return_to).toBeUndefined();
    expect(await isSignedIn(browser)).toBe(true);
  });

  it("answers other methods than GET and POST with 405 and Allow", async () => {
    const res = await new Browser(store.url).request("/oauth2/logout", { method: "PUT" });
    expect(res.res.status).toBe(405);
    expect(res.res.headers.get("allow")).toBe("GET, POST");
  });
});

describe("POST /oauth2/logout", () => {
  it("the sign-out form signs out and ends on the signed-out page", async () => {
    const browser = await signedInBrowser();
    const form = formFields((await browser.request("/oauth2/logout")).text, "/oauth2/logout");
    const res = await browser.request("/oauth2/logout", { form });
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get("location")).toBe("/oauth2/logout");
    const after = await browser.request(res.res.headers.get("location")!);
    expect(after.text).toContain("You are signed out of Demo Store");
    expect(linkTo(after.text, "Back to Store Admin")).toBe(DASHBOARD);
    expect(await isSignedIn(browser)).toBe(false);
  });

  it("return_to naming the sign-out page itself ends there too", async () => {
    const browser = await signedInBrowser();
    const form = formFields((await browser.request("/oauth2/logout")).text, "/oauth2/logout");
    const res = await browser.request("/oauth2/logout", { form: { ...form, return_to: "/oauth2/logout" } });
    expect(res.res.headers.get("location")).toBe("/oauth2/logout");
    expect(await isSignedIn(browser)).toBe(false);
  });

  it("without a valid CSRF token signs no one out: the page asks again", async () => {
    const browser = await signedInBrowser();
    for (const form of [{}, { csrf_token: "forged" }] as Record<string, string>[]) {
      const res = await browser.request("/oauth2/logout", { form });
      expect(res.res.status).toBe(303);
      expect(res.res.headers.get("location")).toBe("/oauth2/logout");
      expect(await isSignedIn(browser)).toBe(true);
    }
    expect((await browser.request("/oauth2/logout")).text).toContain("Sign out of Demo Store?");
  });

  it("from another site, even with the token, is refused and signs no one out", async () => {
    const browser = await signedInBrowser();
    const form = formFields((await browser.request("/oauth2/logout")).text, "/oauth2/logout");
    const res = await browser.request("/oauth2/logout", { form, origin: "https://evil.example" });
    expect(res.res.status).toBe(403);
    expect(await isSignedIn(browser)).toBe(true);
  });

  it("'Sign in as someone else' still returns to the authorization request", async () => {
    const browser = await signedInBrowser();
    const consent = await browser.request(authorizePath());
    const res = await browser.request("/oauth2/logout", { form: formFields(consent.text, "/oauth2/logout") });
    expect(res.res.status).toBe(303);
    expect(res.res.headers.get("location")).toBe(authorizePath());
    expect(await isSignedIn(browser)).toBe(false);
  });
});
