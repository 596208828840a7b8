import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../../../src/auth/permissions.js";
import type { UserRow } from "../../../../src/users/users.js";
import {
  addClient,
  addUser,
  api,
  Browser,
  formFields,
  labels,
  outbox,
  REDIRECT_URI,
  seedToken,
  signIn,
  startStore,
  startStoreWithAdmin,
  type TestStore,
} from "../../../helpers/index.js";

/** /api/v1/users: list, create (welcome e-mail), get, update, delete (docs/contract.md#users). */

let store: TestStore;
let client: { client_id: string; client_secret: string };
let owner: UserRow;
let admin: string;

type Res = Awaited<ReturnType<typeof api>>;

function expectError(res: Res, status: number, error: string) {
  expect(res.status, res.text).toBe(status);
  expect(res.json).toEqual({
    error,
    error_description: expect.any(String),
    ...(res.json?.fields ? { fields: expect.any(Object) } : {}),
  });
}

/** The User resource as the API returns it; never the password itself. */
function expectUser(
  json: any, // eslint-disable-line @typescript-eslint/no-explicit-any -- it checks a response body of any shape
  expected: { email: string; permissions?: string[]; is_active?: boolean; password_set?: boolean; id?: number },
) {
  expect(json).toEqual({
    id: expected.id ?? expect.any(Number),
    email: expected.email,
    permissions: expected.permissions ?? [...PERMISSIONS],
    is_active: expected.is_active ?? true,
    password_set: expected.password_set ?? expect.any(Boolean),
    created: expect.any(Number),
    modified: expect.any(Number),
  });
  expect(Number.isInteger(json.id)).toBe(true);
}

function authorizePath() {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
}

/** Submits the store's sign-in form: 303 signed in, 401 wrong password, 403 deactivated. */
async function signInStatus(email: string, password: string) {
  const browser = new Browser(store.url);
  const page = await browser.request(authorizePath());
  const res = await browser.request("/oauth2/login", {
    form: { ...formFields(page.text, "/oauth2/login"), email, password },
  });
  return res.res.status;
}

async function listEmails(token = admin): Promise<string[]> {
  const res = await api(store, token, "GET", "/users");
  expect(res.status).toBe(200);
  return res.json.map((u: { email: string }) => u.email);
}

async function create(form: Record<string, string>) {
  const res = await api(store, admin, "POST", "/users", form);
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; email: string; permissions: string[]; is_active: boolean };
}

beforeAll(async () => {
  ({ store, client, owner, admin } = await startStoreWithAdmin());
});
afterAll(() => store.close());

describe("GET /api/v1/users", () => {
  it("lists every user in id order, without passwords", async () => {
    const a = await addUser(store, { email: "list-a@example.com", password: "list password a" });
    const b = await addUser(store, { email: "list-b@example.com", permissions: ["view_stats"] });
    const res = await api(store, admin, "GET", "/users");
    expect(res.status).toBe(200);
    expect(res.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Array.isArray(res.json)).toBe(true);
    const ids = res.json.map((u: { id: number }) => u.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
    const byId = new Map(res.json.map((u: { id: number }) => [u.id, u]));
    // password_set says whether there is one (an invited user has none yet), never what it is.
    expectUser(byId.get(owner.id), { id: owner.id, email: "owner@example.com", password_set: false });
    expectUser(byId.get(a.id), { id: a.id, email: "list-a@example.com", password_set: true });
    expectUser(byId.get(b.id), {
      id: b.id,
      email: "list-b@example.com",
      permissions: ["view_stats"],
      password_set: false,
    });
    expect(res.text).not.toMatch(/"password"|password_?hash|scrypt|list password/i);
  });
});

describe("POST /api/v1/users", () => {
  it("creates a user with e-mail and password: 201, all six permissions in spec order, active, no password returned", async () => {
    const res = await api(store, admin, "POST", "/users", { email: "new@example.com", password: "eight ch" });
    expect(res.status).toBe(201);
    expectUser(res.json, { email: "new@example.com", password_set: true });
    expect(res.json.permissions).toEqual([
      "manage_orders",
      "manage_products",
      "manage_store_settings",
      "manage_marketing",
      "manage_users",
      "view_stats",
    ]);
    expect(res.text).not.toContain("eight ch");
    expect(res.text).not.toMatch(/"password"|password_?hash|scrypt/i);
    const got = await api(store, admin, "GET", `/users/${res.json.id}`);
    expect(got.status).toBe(200);
    expect(got.json).toEqual(res.json);
    expect((await outbox(store)).some((m) => m.to === "new@example.com")).toBe(false);
    expect(await signInStatus("new@example.com", "eight ch")).toBe(303);
  });

  it("trims the e-mail and keeps its case", async () => {
    const user = await create({ email: "  Mixed.Case@Example.com " });
    expect(user.email).toBe("Mixed.Case@Example.com");
  });

  it("creates a user with the permissions given as a JSON list", async () => {
    const user = await create({
      email: "perms@example.com",
      permissions: '["manage_orders","manage_marketing","view_stats"]',
    });
    expectUser(user, { email: "perms@example.com", permissions: ["manage_orders", "manage_marketing", "view_stats"] });
    expect((await api(store, admin, "GET", `/users/${user.id}`)).json.permissions).toEqual([
      "manage_orders",
      "manage_marketing",
      "view_stats",
    ]);
  });

  it("accepts an empty permissions list", async () => {
    const user = await create({ email: "noperms@example.com", permissions: "[]" });
    expect(user.permissions).toEqual([]);
  });

  it("refuses a taken e-mail, compared case-insensitively: 409 conflict with fields.email, nothing created or sent", async () => {
    await create({ email: "taken@example.com" });
    const mail = (await outbox(store)).length;
    const before = await listEmails();
    for (const email of ["taken@example.com", "TAKEN@Example.COM", " Taken@example.com "]) {
      const res = await api(store, admin, "POST", "/users", { email });
      expectError(res, 409, "conflict");
      expect(res.json.fields).toEqual({ email: expect.any(String) });
    }
    expect(await listEmails()).toEqual(before);
    expect((await outbox(store)).length).toBe(mail);
  });

  it("refuses invalid values with 422 validation_failed naming each field, creating nothing", async () => {
    const before = await listEmails();
    const cases: [Record<string, string>, string[]][] = [
      [{ email: "not-an-email" }, ["email"]],
      [{ email: "a@" }, ["email"]],
      [{ email: "@example.com" }, ["email"]],
      [{ email: "two words@example.com" }, ["email"]],
      [{ email: `${"x".repeat(250)}@example.com` }, ["email"]],
      [{ email: "short@example.com", password: "seven c" }, ["password"]],
      [{ email: "long@example.com", password: "x".repeat(257) }, ["password"]],
      [{ email: "perm@example.com", permissions: '["manage_users","launch_rockets"]' }, ["permissions"]],
      [{ email: "perm@example.com", permissions: '["MANAGE_USERS"]' }, ["permissions"]],
      [{ password: "long enough" }, ["email"]],
      [{ email: "bad", password: "x", permissions: '["nope"]' }, ["email", "password", "permissions"]],
    ];
    for (const [form, fields] of cases) {
      const res = await api(store, admin, "POST", "/users", form);
      expectError(res, 422, "validation_failed");
      expect(Object.keys(res.json.fields).sort(), JSON.stringify(form).slice(0, 80)).toEqual(fields);
    }
    expect(await listEmails()).toEqual(before);
  });

  it("ignores is_active on create (new users are active)", async () => {
    const user = await create({ email: "born-active@example.com", is_active: "false" });
    expect(user.is_active).toBe(true);
  });
});

describe("welcome e-mail and the set-password link", () => {
  it("a user created without a password gets a link that sets it once, after which they can sign in", async () => {
    const user = await create({ email: "invitee@example.com" });
    expectUser(user, { email: "invitee@example.com", password_set: false });
    const mail = (await outbox(store)).find((m) => m.to === "invitee@example.com");
    expect(mail).toBeDefined();
    expect(mail!.subject).toMatch(/invited/i);
    const link = mail!.text.match(/https?:\/\/\S+\/account\/set-password\?token=\S+/)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${store.url}/account/set-password?token=`)).toBe(true);
    expect(mail!.html).toContain("/account/set-password?token=");

    // No password yet: signing in is refused.
    expect(await signInStatus("invitee@example.com", "anything at all")).toBe(401);

    const browser = new Browser(store.url);
    const page = await browser.request(link!);
    expect(page.res.status).toBe(200);
    expect(page.res.headers.get("cache-control")).toContain("no-store");
    expect(page.res.headers.get("x-frame-options")).toBe("DENY");
    expect(page.text).toContain("Set your password");
    expect(page.text).toContain("invitee@example.com");
    expect(labels(page.text)).toEqual([
      { text: "New password", hasInput: true },
      { text: "Confirm password", hasInput: true },
    ]);
    const form = formFields(page.text, "/account/set-password");
    expect(form.token).toBe(new URL(link!).searchParams.get("token"));

    const mismatch = await browser.request("/account/set-password", {
      form: { ...form, password: "invitee password", confirm: "invitee passwort" },
    });
    expect(mismatch.res.status).toBe(422);
    expect(mismatch.text).toContain("do not match");
    const short = await browser.request("/account/set-password", {
      form: { ...form, password: "short", confirm: "short" },
    });
    expect(short.res.status).toBe(422);

    const ok = await browser.request("/account/set-password", {
      form: { ...form, password: "invitee password", confirm: "invitee password" },
    });
    expect(ok.res.status).toBe(200);
    expect(ok.text).toContain("Password set");
    expect(ok.text).not.toContain("invitee password");

    const tokens = await signIn(store, client, { email: "invitee@example.com", password: "invitee password" });
    expect((await api(store, tokens.access_token, "GET", "/users")).status).toBe(200);
    expect((await api(store, admin, "GET", `/users/${user.id}`)).json.password_set).toBe(true);

    // The link works once.
    const again = await browser.request(link!);
    expect(again.res.status).toBe(410);
    expect(again.text).not.toContain('action="/account/set-password"');
    const reuse = await browser.request("/account/set-password", {
      form: { ...form, password: "hijacked password", confirm: "hijacked password" },
    });
    expect(reuse.res.status).toBe(410);
    expect(await signInStatus("invitee@example.com", "hijacked password")).toBe(401);
  });

  it("an unknown or missing link token → 410 page", async () => {
    const browser = new Browser(store.url);
    expect((await browser.request("/account/set-password?token=spw_made_up")).res.status).toBe(410);
    expect((await browser.request("/account/set-password")).res.status).toBe(410);
    expect(
      (
        await browser.request("/account/set-password", {
          form: { token: "spw_made_up", password: "whatever long", confirm: "whatever long" },
        })
      ).res.status,
    ).toBe(410);
    expect(
      (
        await browser.request("/account/set-password", {
          form: { password: "whatever long", confirm: "whatever long" },
        })
      ).res.status,
    ).toBe(410);
  });
});

describe("GET /api/v1/users/:id", () => {
  it("returns the user, and 404 not_found for an unknown or non-numeric id", async () => {
    const res = await api(store, admin, "GET", `/users/${owner.id}`);
    expect(res.status).toBe(200);
    expectUser(res.json, { id: owner.id, email: "owner@example.com" });
    expectError(await api(store, admin, "GET", "/users/424242"), 404, "not_found");
    expectError(await api(store, admin, "GET", "/users/abc"), 404, "not_found");
    expectError(await api(store, admin, "GET", "/users/1abc"), 404, "not_found");
  });
});

describe("PUT /api/v1/users/:id", () => {
  it("changes the e-mail and returns the user (an object)", async () => {
    const user = await create({ email: "rename@example.com" });
    const res = await api(store, admin, "PUT", `/users/${user.id}`, { email: "renamed@example.com" });
    expect(res.status).toBe(200);
    expectUser(res.json, { id: user.id, email: "renamed@example.com" });
    expect((await api(store, admin, "GET", `/users/${user.id}`)).json.email).toBe("renamed@example.com");
    // Its own address in another case is not a conflict.
    expect((await api(store, admin, "PUT", `/users/${user.id}`, { email: "Renamed@Example.com" })).json.email).toBe(
      "Renamed@Example.com",
    );
  });

  it("refuses another user's e-mail (any case) with 409 conflict, changing nothing", async () => {
    const user = await create({ email: "mine@example.com", permissions: '["view_stats"]' });
    const res = await api(store, admin, "PUT", `/users/${user.id}`, { email: "OWNER@example.com", permissions: "[]" });
    expectError(res, 409, "conflict");
    expect(res.json.fields).toEqual({ email: expect.any(String) });
    expectUser((await api(store, admin, "GET", `/users/${user.id}`)).json, {
      id: user.id,
      email: "mine@example.com",
      permissions: ["view_stats"],
    });
  });

  it("refuses invalid values with 422 and changes nothing", async () => {
    const user = await create({ email: "steady@example.com", permissions: '["view_stats"]' });
    const bad: Record<string, string>[] = [
      { email: "nope" },
      { password: "1234567" },
      { permissions: '["root"]' },
      { email: "fine@example.com", permissions: '["root"]' },
    ];
    for (const form of bad) {
      expectError(await api(store, admin, "PUT", `/users/${user.id}`, form), 422, "validation_failed");
    }
    expectError(
      await api(store, admin, "PUT", `/users/${user.id}`, { email: "fine@example.com", is_active: "perhaps" }),
      400,
      "invalid_request",
    );
    expectUser((await api(store, admin, "GET", `/users/${user.id}`)).json, {
      id: user.id,
      email: "steady@example.com",
      permissions: ["view_stats"],
    });
  });

  it("changes the password: the new one signs in, the old one does not", async () => {
    const user = await addUser(store, { email: "rotate@example.com", password: "old password" });
    const res = await api(store, admin, "PUT", `/users/${user.id}`, { password: "new password" });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain("new password");
    expectUser(res.json, { id: user.id, email: "rotate@example.com" });
    expect(await signInStatus("rotate@example.com", "new password")).toBe(303);
    expect(await signInStatus("rotate@example.com", "old password")).toBe(401);
  });

  it("changes the permissions, and they take effect on the user's tokens", async () => {
    const user = await create({ email: "demoted@example.com" });
    const token = (await seedToken(store, client, (await userRow(user.id))!)).access_token;
    expect((await api(store, token, "GET", "/users")).status).toBe(200);
    const res = await api(store, admin, "PUT", `/users/${user.id}`, { permissions: '["manage_orders","view_stats"]' });
    expect(res.status).toBe(200);
    expect(res.json.permissions).toEqual(["manage_orders", "view_stats"]);
    expectError(await api(store, token, "GET", "/users"), 403, "forbidden");
    expect((await api(store, admin, "PUT", `/users/${user.id}`, { permissions: "[]" })).json.permissions).toEqual([]);
  });

  it("deactivation: GET shows is_active false, their tokens answer 401, they cannot sign in; reactivation lets them sign in again", async () => {
    const user = await addUser(store, { email: "seasonal@example.com", password: "seasonal password" });
    const tokens = await signIn(store, client, { email: "seasonal@example.com", password: "seasonal password" });
    expect((await api(store, tokens.access_token, "GET", "/users")).status).toBe(200);

    const off = await api(store, admin, "PUT", `/users/${user.id}`, { is_active: "false" });
    expect(off.status).toBe(200);
    expectUser(off.json, { id: user.id, email: "seasonal@example.com", is_active: false });
    expect((await api(store, admin, "GET", `/users/${user.id}`)).json.is_active).toBe(false);
    expectError(await api(store, tokens.access_token, "GET", "/users"), 401, "invalid_token");
    expect(await signInStatus("seasonal@example.com", "seasonal password")).toBe(403);

    const on = await api(store, admin, "PUT", `/users/${user.id}`, { is_active: "true" });
    expect(on.status).toBe(200);
    expect(on.json.is_active).toBe(true);
    const fresh = await signIn(store, client, { email: "seasonal@example.com", password: "seasonal password" });
    expect((await api(store, fresh.access_token, "GET", "/users")).status).toBe(200);
  });

  it("accepts is_active as true/false/1/0 in any case", async () => {
    const user = await create({ email: "toggle@example.com", permissions: "[]" });
    for (const [value, expected] of [
      ["0", false],
      ["TRUE", true],
      ["False", false],
      ["1", true],
    ] as const) {
      expect((await api(store, admin, "PUT", `/users/${user.id}`, { is_active: value })).json.is_active).toBe(expected);
    }
  });

  it("treats empty form fields as absent", async () => {
    const user = await create({ email: "blank@example.com", permissions: '["view_stats"]' });
    const res = await api(store, admin, "PUT", `/users/${user.id}`, {
      email: "",
      password: "",
      permissions: "",
      is_active: "",
    });
    expect(res.status).toBe(200);
    expectUser(res.json, { id: user.id, email: "blank@example.com", permissions: ["view_stats"] });
  });

  it("unknown id → 404", async () => {
    expectError(await api(store, admin, "PUT", "/users/424242", { email: "ghost@example.com" }), 404, "not_found");
    expect(await listEmails()).not.toContain("ghost@example.com");
  });
});

describe("DELETE /api/v1/users/:id", () => {
  it("answers true, after which the user is gone and their tokens answer 401", async () => {
    const user = await create({ email: "leaving@example.com" });
    const token = (await seedToken(store, client, (await userRow(user.id))!)).access_token;
    const res = await api(store, admin, "DELETE", `/users/${user.id}`);
    expect(res.status).toBe(200);
    expect(res.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.json).toBe(true);
    expectError(await api(store, admin, "GET", `/users/${user.id}`), 404, "not_found");
    expectError(await api(store, admin, "DELETE", `/users/${user.id}`), 404, "not_found");
    expect(await listEmails()).not.toContain("leaving@example.com");
    expectError(await api(store, token, "GET", "/users"), 401, "invalid_token");
    // The address is free again.
    expect((await api(store, admin, "POST", "/users", { email: "leaving@example.com" })).status).toBe(201);
  });

  it("unknown id → 404", async () => {
    expectError(await api(store, admin, "DELETE", "/users/424242"), 404, "not_found");
  });
});

describe("the store keeps someone who can manage users", () => {
  let guarded: TestStore;
  let boss: UserRow;
  let bossToken: string;
  beforeAll(async () => {
    guarded = await startStore();
    const c = await addClient(guarded);
    boss = await addUser(guarded, { email: "boss@example.com" });
    await addUser(guarded, { email: "staff@example.com", permissions: ["manage_orders"] });
    bossToken = (await seedToken(guarded, c, boss)).access_token;
    guardedClient = c;
  });
  let guardedClient: { client_id: string; client_secret: string };
  afterAll(() => guarded.close());

  async function bossNow() {
    return (await api(guarded, bossToken, "GET", `/users/${boss.id}`)).json;
  }

  it("you cannot delete yourself → 403 forbidden", async () => {
    expectError(await api(guarded, bossToken, "DELETE", `/users/${boss.id}`), 403, "forbidden");
    expectUser(await bossNow(), { id: boss.id, email: "boss@example.com" });
  });

  it("you cannot deactivate yourself → 403 forbidden, and nothing else in the request changes", async () => {
    expectError(await api(guarded, bossToken, "PUT", `/users/${boss.id}`, { is_active: "false" }), 403, "forbidden");
    expectError(
      await api(guarded, bossToken, "PUT", `/users/${boss.id}`, { is_active: "false", email: "boss2@example.com" }),
      403,
      "forbidden",
    );
    expectUser(await bossNow(), { id: boss.id, email: "boss@example.com" });
    expect((await api(guarded, bossToken, "GET", "/users")).status).toBe(200);
  });

  it("the last active manage_users user cannot drop it → 403 forbidden, changing nothing", async () => {
    const res = await api(guarded, bossToken, "PUT", `/users/${boss.id}`, {
      permissions: '["manage_orders"]',
      email: "boss3@example.com",
    });
    expectError(res, 403, "forbidden");
    expectUser(await bossNow(), { id: boss.id, email: "boss@example.com" });
  });

  it("an inactive manager does not count", async () => {
    const deputy = await api(guarded, bossToken, "POST", "/users", {
      email: "deputy@example.com",
      permissions: '["manage_users"]',
    });
    expect(deputy.status).toBe(201);
    expect((await api(guarded, bossToken, "PUT", `/users/${deputy.json.id}`, { is_active: "false" })).status).toBe(200);
    expectError(await api(guarded, bossToken, "PUT", `/users/${boss.id}`, { permissions: "[]" }), 403, "forbidden");
    expect((await bossNow()).permissions).toEqual([...PERMISSIONS]);
    expect((await api(guarded, bossToken, "PUT", `/users/${deputy.json.id}`, { is_active: "true" })).status).toBe(200);
  });

  it("with another active manager you may drop your own manage_users; your token then gets 403 forbidden", async () => {
    const res = await api(guarded, bossToken, "PUT", `/users/${boss.id}`, {
      permissions: '["manage_orders","view_stats"]',
    });
    expect(res.status).toBe(200);
    expect(res.json.permissions).toEqual(["manage_orders", "view_stats"]);
    expectError(await api(guarded, bossToken, "GET", "/users"), 403, "forbidden");
    // The remaining manager is now the last one and protected in turn.
    const deputyRow = (await guarded.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, "deputy@example.com"),
    }))!;
    const deputyToken = (await seedToken(guarded, guardedClient, deputyRow)).access_token;
    expectError(
      await api(guarded, deputyToken, "PUT", `/users/${deputyRow.id}`, { permissions: "[]" }),
      403,
      "forbidden",
    );
    // …but may deactivate or delete the former boss.
    expect((await api(guarded, deputyToken, "PUT", `/users/${boss.id}`, { is_active: "false" })).status).toBe(200);
    expect((await api(guarded, deputyToken, "DELETE", `/users/${boss.id}`)).json).toBe(true);
  });
});

/** The current row of a user (for seeding a token). */
async function userRow(id: number) {
  return store.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, id) });
}
