import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserRow } from "../../../../src/users/users.js";
import {
  addUser,
  api,
  authorize,
  Browser,
  exchangeCode,
  REDIRECT_URI,
  startStoreWithAdmin,
  tokenRequest,
  type TestStore,
} from "../../../helpers/index.js";

/**
 * PUT /api/v1/users/{id} with a password (docs/contract.md#users): the user's
 * grants and store sessions end, except the grant of the token making the
 * change when users change their own password.
 */

let store: TestStore;
let client: { client_id: string; client_secret: string };
let admin: string;

beforeAll(async () => {
  ({ store, client, admin } = await startStoreWithAdmin());
});
afterAll(() => store.close());

function authorizePath() {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
}

/** A browser signed in to the store's pages as the user, with a fresh token pair, and an unexchanged code. */
async function signedIn(user: { email: string; password: string }) {
  const browser = new Browser(store.url);
  const o = { clientId: client.client_id, email: user.email, password: user.password, scope: "admin" };
  const first = await authorize(store, o, browser);
  const tokens = (await exchangeCode(store, client, first.searchParams.get("code")!)).json;
  const pendingCode = (await authorize(store, o, browser)).searchParams.get("code")!;
  return {
    browser,
    access: tokens.access_token as string,
    refresh: tokens.refresh_token as string,
    pendingCode,
  };
}

async function status(token: string) {
  return (await api(store, token, "GET", "/users")).status;
}

async function sessionAlive(browser: Browser) {
  const page = await browser.request(authorizePath());
  return page.text.includes('name="decision"');
}

describe("a password change ends the user's grants and store sessions", () => {
  let user: UserRow;
  const USER = { email: "staff@example.com", password: "first password" };
  beforeAll(async () => {
    user = await addUser(store, USER);
  });

  it("set by an administrator: every token, code and session of the user ends; the administrator's token works", async () => {
    const a = await signedIn(USER);
    const b = await signedIn(USER);
    expect(await status(a.access)).toBe(200);
    expect(await sessionAlive(a.browser)).toBe(true);

    const res = await api(store, admin, "PUT", `/users/${user.id}`, { password: "second password" });
    expect(res.status, res.text).toBe(200);

    for (const s of [a, b]) {
      expect(await status(s.access)).toBe(401);
      expect(
        (await tokenRequest(store, client, { grant_type: "refresh_token", refresh_token: s.refresh })).json.error,
      ).toBe("invalid_grant");
      expect((await exchangeCode(store, client, s.pendingCode)).json.error).toBe("invalid_grant");
      expect(await sessionAlive(s.browser)).toBe(false);
    }
    expect(await status(admin)).toBe(200);
    USER.password = "second password";
  });

  it("changed by the user themselves: the grant of the token making the change stays, the others end", async () => {
    const mine = await signedIn(USER);
    const other = await signedIn(USER);
    const res = await api(store, mine.access, "PUT", `/users/${user.id}`, { password: "third password" });
    expect(res.status, res.text).toBe(200);

    expect(await status(mine.access)).toBe(200);
    const refreshed = await tokenRequest(store, client, { grant_type: "refresh_token", refresh_token: mine.refresh });
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(await status(other.access)).toBe(401);
    expect(await sessionAlive(mine.browser)).toBe(false);
    expect(await sessionAlive(other.browser)).toBe(false);
  });

  it("other changes (e-mail, permissions) end nothing", async () => {
    const other = await addUser(store, { email: "clerk@example.com", password: "clerk password" });
    const s = await signedIn({ email: "clerk@example.com", password: "clerk password" });
    const res = await api(store, admin, "PUT", `/users/${other.id}`, {
      email: "clerk2@example.com",
      permissions: '["manage_users"]',
    });
    expect(res.status, res.text).toBe(200);
    expect(await status(s.access)).toBe(200);
    expect(await sessionAlive(s.browser)).toBe(true);
  });
});
