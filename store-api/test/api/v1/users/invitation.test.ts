import { and, eq, gt, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordTokens } from "../../../../src/db/schema/index.js";
import type { UserRow } from "../../../../src/users/users.js";
import {
  addUser,
  api,
  Browser,
  formFields,
  linkTo,
  outbox,
  REDIRECT_URI,
  seedToken,
  startStoreWithAdmin,
  type TestStore,
} from "../../../helpers/index.js";

/**
 * POST /api/v1/users/{id}/invitation and /password_reset (extensions,
 * docs/contract.md#users): a fresh single-use link by email, older unused links
 * void, refused for a user who cannot use one, guarded like /users/{id}.
 */

const DASHBOARD = "https://admin.example.test/";

let store: TestStore;
let client: { client_id: string; client_secret: string };
let admin: string;

beforeAll(async () => {
  ({ store, client, admin } = await startStoreWithAdmin({ dashboardUrl: DASHBOARD }));
});
afterAll(() => store.close());

type Res = Awaited<ReturnType<typeof api>>;

function expectError(res: Res, status: number, error: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json).toEqual({ error, error_description: expect.any(String) });
}

async function invite(email: string): Promise<number> {
  const res = await api(store, admin, "POST", "/users", { email });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

/** The newest mail to an address, and the set-password token in it. */
async function latestMail(to: string) {
  const mail = (await outbox(store)).find((m) => m.to === to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  const match = mail!.text.match(/https?:\/\/\S+\/account\/set-password\?token=(\S+)/);
  expect(match, mail!.text).not.toBeNull();
  return { ...mail!, token: decodeURIComponent(match![1]!) };
}

async function mailsTo(to: string) {
  return (await outbox(store)).filter((m) => m.to === to).length;
}

async function openLink(token: string) {
  return new Browser(store.url).request(`/account/set-password?${new URLSearchParams({ token })}`);
}

async function useLink(token: string, password: string) {
  const browser = new Browser(store.url);
  const page = await openLink(token);
  if (page.res.status !== 200) return page;
  return browser.request("/account/set-password", {
    form: { ...formFields(page.text, "/account/set-password"), password, confirm: password },
  });
}

/** Links of the user that are unused and unexpired, straight from the database. */
async function liveLinks(userId: number) {
  return store.database.db
    .select()
    .from(passwordTokens)
    .where(
      and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), gt(passwordTokens.expiresAt, new Date())),
    );
}

/** Submits the store's sign-in form: 303 signed in, 401 wrong password. */
async function signInStatus(email: string, password: string) {
  const browser = new Browser(store.url);
  const query = new URLSearchParams({
    client_id: client.client_id,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "admin",
  });
  const page = await browser.request(`/oauth2/authorize?${query}`);
  const res = await browser.request("/oauth2/login", {
    form: { ...formFields(page.text, "/oauth2/login"), email, password },
  });
  return res.res.status;
}

describe("POST /api/v1/users/{id}/invitation", () => {
  it("emails a fresh link and voids the older one; once the password is set, password_set turns true", async () => {
    const id = await invite("again@example.com");
    const first = await latestMail("again@example.com");

    const res = await api(store, admin, "POST", `/users/${id}/invitation`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id, email: "again@example.com", is_active: true, password_set: false });

    const second = await latestMail("again@example.com");
    expect(second.id).toBeGreaterThan(first.id);
    expect(second.token).not.toBe(first.token);
    expect(second.subject).toMatch(/invited/i);
    expect(second.text).toContain("works once, for 7 days");
    expect(second.text).toContain(`Then sign in to Store Admin at ${DASHBOARD}`);
    expect(second.html).toContain(`href="${DASHBOARD}"`);
    expect(second.text).not.toMatch(/e-mail/);

    // The old link is void, the new one works.
    expect((await openLink(first.token)).res.status).toBe(410);
    expect((await useLink(first.token, "hijacked password")).res.status).toBe(410);
    const page = await openLink(second.token);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("Set your password");
    const done = await useLink(second.token, "invited password");
    expect(done.res.status).toBe(200);
    expect(done.text).toContain("Password set");
    expect(linkTo(done.text, "Continue to Store Admin")).toBe(DASHBOARD);

    expect((await api(store, admin, "GET", `/users/${id}`)).json.password_set).toBe(true);
    expect(await signInStatus("again@example.com", "invited password")).toBe(303);
  });

  it("takes no body, an empty form or an empty JSON object; each call leaves exactly one live link", async () => {
    const id = await invite("empty@example.com");
    const calls: Parameters<typeof api>[4][] = [undefined, {}];
    for (const form of calls) {
      expect((await api(store, admin, "POST", `/users/${id}/invitation`, form)).status).toBe(200);
      expect(await liveLinks(id)).toHaveLength(1);
    }
    const json = await api(store, admin, "POST", `/users/${id}/invitation`, undefined, { json: {} });
    expect(json.status, json.text).toBe(200);
    const live = await liveLinks(id);
    expect(live).toHaveLength(1);
    expect(await mailsTo("empty@example.com")).toBe(4);
    expect((await openLink((await latestMail("empty@example.com")).token)).res.status).toBe(200);
  });

  it("refuses a user who has a password (409 conflict, pointing to a reset), sending nothing", async () => {
    const user = await addUser(store, { email: "settled@example.com", password: "settled password" });
    const res = await api(store, admin, "POST", `/users/${user.id}/invitation`);
    expectError(res, 409, "conflict");
    expect(res.json.error_description).toMatch(/password reset/i);
    expect(await mailsTo("settled@example.com")).toBe(0);
    expect(await liveLinks(user.id)).toHaveLength(0);
  });

  it("refuses a deactivated user (409 conflict: reactivate first), sending nothing and keeping nothing", async () => {
    const id = await invite("dormant@example.com");
    expect((await api(store, admin, "PUT", `/users/${id}`, { is_active: "false" })).status).toBe(200);
    const before = await mailsTo("dormant@example.com");
    const res = await api(store, admin, "POST", `/users/${id}/invitation`);
    expectError(res, 409, "conflict");
    expect(res.json.error_description).toMatch(/reactivate/i);
    expect(await mailsTo("dormant@example.com")).toBe(before);
    expect(await liveLinks(id)).toHaveLength(0);
  });
});

describe("POST /api/v1/users/{id}/password_reset", () => {
  it("emails a reset link; the current password works until the link is used, then only the new one", async () => {
    const user = await addUser(store, { email: "forgetful@example.com", password: "current password" });
    const res = await api(store, admin, "POST", `/users/${user.id}/password_reset`);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: user.id, email: "forgetful@example.com", password_set: true });

    const mail = await latestMail("forgetful@example.com");
    expect(mail.subject).toMatch(/reset your password/i);
    expect(mail.text).toContain("A store administrator sent you a link");
    expect(mail.text).toContain("works once, for 7 days");
    expect(mail.text).toContain("Your current password keeps working until you use the link.");
    expect(mail.text).toContain("If you did not expect this email, ignore it");
    expect(mail.text).toContain(`Then sign in to Store Admin at ${DASHBOARD}`);

    expect(await signInStatus("forgetful@example.com", "current password")).toBe(303);
    const page = await openLink(mail.token);
    expect(page.res.status).toBe(200);
    expect(page.text).toContain("Choose a new password");
    expect((await useLink(mail.token, "brand new password")).res.status).toBe(200);
    expect(await signInStatus("forgetful@example.com", "current password")).toBe(401);
    expect(await signInStatus("forgetful@example.com", "brand new password")).toBe(303);
    expect((await openLink(mail.token)).res.status).toBe(410);
  });

  it("voids the older unused links, the invitation's included", async () => {
    const id = await invite("twice@example.com");
    const invitation = await latestMail("twice@example.com");
    expect((await api(store, admin, "POST", `/users/${id}/password_reset`)).status).toBe(200);
    const first = await latestMail("twice@example.com");
    expect((await api(store, admin, "POST", `/users/${id}/password_reset`, {})).status).toBe(200);
    const second = await latestMail("twice@example.com");
    expect(new Set([invitation.token, first.token, second.token]).size).toBe(3);
    expect((await openLink(invitation.token)).res.status).toBe(410);
    expect((await openLink(first.token)).res.status).toBe(410);
    expect(await liveLinks(id)).toHaveLength(1);
    expect((await useLink(second.token, "second password")).res.status).toBe(200);
    expect((await api(store, admin, "GET", `/users/${id}`)).json.password_set).toBe(true);
  });

  it("refuses a deactivated user (409 conflict), sending nothing", async () => {
    const user = await addUser(store, { email: "away@example.com", password: "away password" });
    expect((await api(store, admin, "PUT", `/users/${user.id}`, { is_active: "false" })).status).toBe(200);
    const res = await api(store, admin, "POST", `/users/${user.id}/password_reset`);
    expectError(res, 409, "conflict");
    expect(res.json.error_description).toMatch(/reactivate/i);
    expect(await mailsTo("away@example.com")).toBe(0);
    expect(await liveLinks(user.id)).toHaveLength(0);
  });
});

describe("both endpoints", () => {
  const ENDPOINTS = ["invitation", "password_reset"] as const;
  let target: UserRow;
  beforeAll(async () => {
    target = await addUser(store, { email: "guarded@example.com" });
  });

  it("answer 404 not_found for an unknown or malformed id", async () => {
    for (const endpoint of ENDPOINTS) {
      expectError(await api(store, admin, "POST", `/users/424242/${endpoint}`), 404, "not_found");
      expectError(await api(store, admin, "POST", `/users/abc/${endpoint}`), 404, "not_found");
    }
  });

  it("answer 405 with Allow: POST to other methods", async () => {
    for (const endpoint of ENDPOINTS) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const res = await api(store, admin, method, `/users/${target.id}/${endpoint}`);
        expectError(res, 405, "method_not_allowed");
        expect(res.res.headers.get("allow")).toBe("POST");
      }
    }
  });

  it("need a token (401), the admin scope (403 insufficient_scope) and manage_users (403 forbidden); refused, they send nothing", async () => {
    const clerk = await addUser(store, { email: "clerk@example.com", permissions: ["manage_orders", "view_stats"] });
    const clerkToken = (await seedToken(store, client, clerk)).access_token;
    const storefront = (await seedToken(store, client, (await userRow("owner@example.com"))!, "storefront"))
      .access_token;
    for (const endpoint of ENDPOINTS) {
      const path = `/users/${target.id}/${endpoint}`;
      expectError(await api(store, null, "POST", path), 401, "invalid_token");
      expectError(await api(store, "not-a-token", "POST", path), 401, "invalid_token");
      const scope = await api(store, storefront, "POST", path);
      expectError(scope, 403, "insufficient_scope");
      expect(scope.res.headers.get("www-authenticate")).toContain('scope="admin"');
      expectError(await api(store, clerkToken, "POST", path), 403, "forbidden");
    }
    expect(await mailsTo("guarded@example.com")).toBe(0);
    expect(await liveLinks(target.id)).toHaveLength(0);
  });
});

async function userRow(email: string) {
  return store.database.db.query.users.findFirst({ where: (u, { eq: is }) => is(u.email, email) });
}
