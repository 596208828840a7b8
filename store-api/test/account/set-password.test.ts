import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../src/auth/secrets.js";
import { passwordTokens, users } from "../../src/db/schema/index.js";
import { createPasswordLink } from "../../src/users/password-links.js";
import type { UserRow } from "../../src/users/users.js";
import {
  addUser,
  api,
  authorize,
  Browser,
  exchangeCode,
  formFields,
  outbox,
  REDIRECT_URI,
  startStoreWithAdmin,
  tokenRequest,
  type TestStore,
} from "../helpers/index.js";

/**
 * The set-password link (docs/contract.md#users): single-use even under
 * concurrent posts, expiring, and void once the e-mail or password changes or
 * the user is deactivated. Setting a password through it ends the user's
 * grants and store sessions.
 */

let store: TestStore;
let client: { client_id: string; client_secret: string };
let admin: string;

beforeAll(async () => {
  ({ store, client, admin } = await startStoreWithAdmin());
});
afterAll(() => store.close());

/** Invites a user through the API and returns their id and the link's token from the welcome e-mail. */
async function invite(email: string) {
  const res = await api(store, admin, "POST", "/users", { email });
  expect(res.status, res.text).toBe(201);
  const mail = (await outbox(store)).find((m) => m.to === email);
  const link = mail!.text.match(/https?:\/\/\S+\/account\/set-password\?token=(\S+)/);
  return { id: res.json.id as number, token: decodeURIComponent(link![1]!) };
}

async function openLink(token: string) {
  return new Browser(store.url).request(`/account/set-password?${new URLSearchParams({ token })}`);
}

async function postLink(token: string, password: string) {
  return new Browser(store.url).request("/account/set-password", { form: { token, password, confirm: password } });
}

async function storedHash(id: number) {
  const [row] = await store.database.db.select().from(users).where(eq(users.id, id));
  return row!.passwordHash;
}

describe("the link is single-use", () => {
  it("of 10 parallel posts of the same link with different passwords exactly one succeeds, and its password is the one stored", async () => {
    const { id, token } = await invite("race@example.com");
    const passwords = Array.from({ length: 10 }, (_, i) => `race password ${i}`);
    const results = await Promise.all(passwords.map((p) => postLink(token, p)));
    const statuses = results.map((r) => r.res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 410)).toHaveLength(9);
    const winner = passwords[statuses.indexOf(200)]!;
    const hash = await storedHash(id);
    for (const p of passwords) expect(await verifyPassword(p, hash), p).toBe(p === winner);
    expect((await openLink(token)).res.status).toBe(410);
  });
});

describe("the link expires", () => {
  it("an expired link answers 410 to GET and POST and sets nothing", async () => {
    const { id, token } = await invite("late@example.com");
    expect((await openLink(token)).res.status).toBe(200);
    await store.database.db
      .update(passwordTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordTokens.userId, id));
    expect((await openLink(token)).res.status).toBe(410);
    expect((await postLink(token, "too late password")).res.status).toBe(410);
    expect(await storedHash(id)).toBeNull();
  });
});

describe("the link stops working when the account changes", () => {
  const changes: [string, Record<string, string>][] = [
    ["its e-mail changes", { email: "moved@example.com" }],
    ["its password is set through the API", { password: "set by an admin" }],
    ["it is deactivated", { is_active: "false" }],
  ];
  for (const [name, form] of changes) {
    it(`when ${name}`, async () => {
      const { id, token } = await invite(`change-${Object.keys(form)[0]}@example.com`);
      expect((await openLink(token)).res.status).toBe(200);
      const res = await api(store, admin, "PUT", `/users/${id}`, form);
      expect(res.status, res.text).toBe(200);
      const before = await storedHash(id);
      expect((await openLink(token)).res.status).toBe(410);
      expect((await postLink(token, "hijacked password")).res.status).toBe(410);
      expect(await storedHash(id)).toBe(before);
    });
  }

  it("reactivating the user does not bring the link back", async () => {
    const { id, token } = await invite("seasonal@example.com");
    expect((await api(store, admin, "PUT", `/users/${id}`, { is_active: "false" })).status).toBe(200);
    expect((await api(store, admin, "PUT", `/users/${id}`, { is_active: "true" })).status).toBe(200);
    expect((await openLink(token)).res.status).toBe(410);
    expect((await postLink(token, "hijacked password")).res.status).toBe(410);
    expect(await storedHash(id)).toBeNull();
  });

  it("changing only the permissions leaves the link working", async () => {
    const { id, token } = await invite("promoted@example.com");
    expect((await api(store, admin, "PUT", `/users/${id}`, { permissions: '["view_stats"]' })).status).toBe(200);
    expect((await postLink(token, "promoted password")).res.status).toBe(200);
  });
});

describe("setting a password through a link ends the user's grants and store sessions", () => {
  let user: UserRow;
  beforeAll(async () => {
    user = await addUser(store, { email: "reset@example.com", password: "forgotten password" });
  });

  function authorizePath() {
    return `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
  }

  it("old tokens answer 401, the old session must sign in again, the new password works", async () => {
    const browser = new Browser(store.url);
    const location = await authorize(
      store,
      { clientId: client.client_id, email: user.email, password: "forgotten password", scope: "admin" },
      browser,
    );
    const tokens = (await exchangeCode(store, client, location.searchParams.get("code")!)).json;
    expect((await api(store, tokens.access_token, "GET", "/users")).status).toBe(200);
    const consent = await browser.request(authorizePath());
    expect(formFields(consent.text, "/oauth2/authorize").csrf_token).toBeTruthy();

    // A reset link (the store mails one only on invitation; the rule is the same for any link).
    const token = await createPasswordLink(store.database.db, user.id);
    expect((await postLink(token, "remembered password")).res.status).toBe(200);

    expect((await api(store, tokens.access_token, "GET", "/users")).status).toBe(401);
    const refreshed = await tokenRequest(store, client, {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.json.error).toBe("invalid_grant");
    const again = await browser.request(authorizePath());
    expect(again.text).toContain('action="/oauth2/login"');
    expect(again.text).not.toContain('name="decision"');
    expect(await verifyPassword("remembered password", await storedHash(user.id))).toBe(true);
  });
});
