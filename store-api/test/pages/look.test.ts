import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_HEADERS } from "../../src/pages/html.js";
import { FAVICON_SVG, LOGO_MARK, STORE_CSS } from "../../src/pages/style.generated.js";
import { createPasswordLink } from "../../src/users/password-links.js";
import {
  addClient,
  addUser,
  api,
  Browser,
  formFields,
  linkTo,
  outbox,
  REDIRECT_URI,
  seedToken,
  startStore,
  type TestStore,
} from "../helpers/index.js";

/**
 * Every store page wears the dashboard's look (style.generated.ts, from
 * lib/design/tokens.json) under the same strict headers; without
 * STORE_DASHBOARD_URL the lines pointing to the dashboard are simply absent.
 */

const OWNER = { email: "owner@example.com", password: "owner password" };

let store: TestStore;
let client: { client_id: string; client_secret: string };

beforeAll(async () => {
  store = await startStore({ storeName: "Kettle & Co" });
  client = await addClient(store);
  await addUser(store, OWNER);
});
afterAll(() => store.close());

function authorizePath() {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
}

/** Each kind of store page, by name. */
async function pages(): Promise<[string, { res: Response; text: string }][]> {
  const browser = new Browser(store.url);
  const signIn = await browser.request(authorizePath());
  await browser.request("/oauth2/login", { form: { ...formFields(signIn.text, "/oauth2/login"), ...OWNER } });
  const consent = await browser.request(authorizePath());
  const signOut = await browser.request("/oauth2/logout");
  const invitee = await addUser(store, { email: `look-${Date.now()}@example.com` });
  const token = await createPasswordLink(store.database.db, invitee.id);
  const other = new Browser(store.url);
  return [
    ["home", await other.request("/")],
    ["sign-in", signIn],
    ["sign-in error", await other.request("/oauth2/login", { form: { ...formFields(signIn.text, "/oauth2/login") } })],
    ["consent", consent],
    ["sign-out", signOut],
    ["signed out", await other.request("/oauth2/logout")],
    ["set-password", await other.request(`/account/set-password?token=${encodeURIComponent(token)}`)],
    ["link gone", await other.request("/account/set-password?token=spw_unknown")],
  ];
}

describe("the store's pages", () => {
  it("carry the generated stylesheet, the logo mark (hidden from screen readers) and the store's name as their header", async () => {
    for (const [name, { text }] of await pages()) {
      expect(text, name).toContain(`<style>${STORE_CSS}</style>`);
      expect(text, name).toMatch(
        /<header class="brand">\s*<svg [^>]*aria-hidden="true"[^>]*>[\s\S]*?<\/svg>\s*<span class="brand-name">Kettle &amp; Co<\/span>\s*<\/header>/,
      );
      expect(text, name).toContain(LOGO_MARK);
      expect(text.match(/<h1\b/g), name).toHaveLength(1);
      expect(text, name).toMatch(/<main class="card">/);
      expect(text, name).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(text, name).toContain('<meta name="color-scheme" content="light dark">');
    }
  });

  it("keep the strict headers: no script, styles inline only, images from the store or data: only", async () => {
    for (const [name, { res }] of await pages()) {
      expect(res.headers.get("content-security-policy"), name).toBe(PAGE_HEADERS["content-security-policy"]);
      expect(res.headers.get("content-security-policy"), name).toContain("default-src 'none'");
      expect(res.headers.get("x-frame-options"), name).toBe("DENY");
    }
  });

  it("load nothing from elsewhere, and say 'email'", async () => {
    for (const [name, { text }] of await pages()) {
      expect(text, name).not.toMatch(/<(script|img|iframe)\b/);
      // The one link: the store's own icon.
      expect(text.match(/<link\b[^>]*>/g), name).toEqual([ICON_LINK]);
      expect(text, name).not.toMatch(/e-mail/i);
    }
  });

  it("name the store's icon, which the store serves, as it serves /favicon.ico that browsers ask for elsewhere", async () => {
    for (const [name, { text }] of await pages()) expect(text, name).toContain(ICON_LINK);
    for (const path of ["/favicon.svg", "/favicon.ico"]) {
      const res = await fetch(`${store.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("image/svg+xml; charset=utf-8");
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=86400");
      const svg = await res.text();
      expect(svg, path).toBe(FAVICON_SVG);
      // The logo mark on the logo's background (lib/design/tokens.json), in both schemes.
      expect(svg, path).toContain(LOGO_MARK);
      expect(svg, path).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 32 32" color="#[0-9a-f]{6}">/,
      );
      expect(svg, path).toMatch(/@media \(prefers-color-scheme: dark\)\{svg\{color:#[0-9a-f]{6}\}\}/);
    }
  });
});

const ICON_LINK = '<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

describe("without STORE_DASHBOARD_URL", () => {
  it("the mails, the set-password page and the sign-out page leave the dashboard out", async () => {
    const owner = (await store.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, OWNER.email) }))!;
    const admin = (await seedToken(store, client, owner)).access_token;
    const created = await api(store, admin, "POST", "/users", { email: "plain@example.com" });
    expect(created.status).toBe(201);
    expect((await api(store, admin, "POST", `/users/${created.json.id}/password_reset`)).status).toBe(200);
    const mails = (await outbox(store)).filter((m) => m.to === "plain@example.com");
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).not.toContain("Then sign in");
      expect(mail.html).not.toContain("Store Admin");
    }
    const token = decodeURIComponent(mails[0]!.text.match(/set-password\?token=(\S+)/)![1]!);
    const browser = new Browser(store.url);
    const form = formFields(
      (await browser.request(`/account/set-password?token=${token}`)).text,
      "/account/set-password",
    );
    const done = await browser.request("/account/set-password", {
      form: { ...form, password: "plain password", confirm: "plain password" },
    });
    expect(done.res.status).toBe(200);
    expect(done.text).toContain("Password set");
    expect(done.text).not.toContain("<a ");
    const signedOut = await browser.request("/oauth2/logout");
    expect(signedOut.text).toContain("You are signed out of Kettle &amp; Co");
    expect(linkTo(signedOut.text, "Back to Store Admin")).toBeUndefined();
    expect(signedOut.text).not.toContain("<a ");
  });
});
