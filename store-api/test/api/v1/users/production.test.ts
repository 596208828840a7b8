import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox as outboxTable } from "../../../../src/db/schema/index.js";
import {
  addClient,
  addUser,
  api,
  Browser,
  formFields,
  REDIRECT_URI,
  seedToken,
  startStore,
  type TestStore,
} from "../../../helpers/index.js";

/**
 * Production mode (docs/contract.md#modes): passwords only over HTTPS (directly or as
 * told by a trusted proxy); no /dev/outbox.
 */

const HTTPS = { "x-forwarded-proto": "https" };

async function listed(store: TestStore, token: string) {
  const res = await api(store, token, "GET", "/users");
  expect(res.status).toBe(200);
  return res.json;
}

function authorizePath(clientId: string) {
  return `/oauth2/authorize?${new URLSearchParams({ client_id: clientId, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`;
}

describe("production mode, no trusted proxy", () => {
  let store: TestStore;
  let client: { client_id: string };
  let admin: string;
  let ownerId: number;
  beforeAll(async () => {
    store = await startStore({ mode: "production" });
    client = await addClient(store);
    const owner = await addUser(store, { email: "owner@example.com", password: "owner password" });
    ownerId = owner.id;
    admin = (await seedToken(store, client, owner)).access_token;
  });
  afterAll(() => store.close());

  it("refuses a password on create over plain HTTP with 422, creating nothing", async () => {
    const before = await listed(store, admin);
    for (const headers of [{}, HTTPS]) {
      const res = await api(
        store,
        admin,
        "POST",
        "/users",
        { email: "pw@example.com", password: "long enough" },
        { headers },
      );
      expect(res.status).toBe(422);
      expect(res.json).toEqual({
        error: "validation_failed",
        error_description: expect.any(String),
        fields: { password: expect.any(String) },
      });
    }
    expect(await listed(store, admin)).toEqual(before);
  });

  it("refuses a password on update over plain HTTP with 422, changing nothing", async () => {
    const before = await listed(store, admin);
    const res = await api(store, admin, "PUT", `/users/${ownerId}`, {
      email: "renamed@example.com",
      password: "another password",
    });
    expect(res.status).toBe(422);
    expect(res.json.fields).toEqual({ password: expect.any(String) });
    expect(await listed(store, admin)).toEqual(before);
  });

  it("still creates and updates users without a password", async () => {
    const res = await api(store, admin, "POST", "/users", { email: "invitee@example.com" });
    expect(res.status).toBe(201);
    expect(
      (await api(store, admin, "PUT", `/users/${res.json.id}`, { permissions: '["view_stats"]' })).json.permissions,
    ).toEqual(["view_stats"]);
  });

  it("has no /dev/outbox, not even for the owner's token", async () => {
    const res = await fetch(`${store.url}/dev/outbox`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", error_description: expect.any(String) });
  });

  it("refuses sign-in over plain HTTP", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath(client.client_id));
    const res = await browser.request("/oauth2/login", {
      form: { ...formFields(page.text, "/oauth2/login"), email: "owner@example.com", password: "owner password" },
    });
    expect(res.res.status).toBe(400);
    expect(res.text).toContain("HTTPS");
    expect(res.res.headers.get("location")).toBeNull();
  });

  it("refuses to set a password through the welcome link over plain HTTP, leaving the link usable", async () => {
    await api(store, admin, "POST", "/users", { email: "welcome@example.com" });
    const [mail] = await store.database.db.select().from(outboxTable).orderBy(desc(outboxTable.id)).limit(1);
    expect(mail!.to).toBe("welcome@example.com");
    const link = mail!.text.match(/https?:\/\/\S+\/account\/set-password\?token=\S+/)![0];
    const browser = new Browser(store.url);
    const page = await browser.request(link);
    expect(page.res.status).toBe(200);
    const form = formFields(page.text, "/account/set-password");
    const res = await browser.request("/account/set-password", {
      form: { ...form, password: "welcome password", confirm: "welcome password" },
    });
    expect(res.res.status).toBe(422);
    expect(res.text).toContain("HTTPS");
    expect((await browser.request(link)).res.status).toBe(200);
  });
});

describe("production mode behind a trusted proxy", () => {
  let store: TestStore;
  let client: { client_id: string };
  let admin: string;
  beforeAll(async () => {
    store = await startStore({ mode: "production", trustProxy: true });
    client = await addClient(store);
    const owner = await addUser(store, { email: "owner@example.com", password: "owner password" });
    admin = (await seedToken(store, client, owner)).access_token;
  });
  afterAll(() => store.close());

  it("accepts a password when the proxy says the request came over HTTPS, and not otherwise", async () => {
    const plain = await api(store, admin, "POST", "/users", { email: "plain@example.com", password: "long enough" });
    expect(plain.status).toBe(422);
    const res = await api(
      store,
      admin,
      "POST",
      "/users",
      { email: "secure@example.com", password: "long enough" },
      { headers: HTTPS },
    );
    expect(res.status).toBe(201);
    expect(res.json.email).toBe("secure@example.com");
    expect(
      (await api(store, admin, "PUT", `/users/${res.json.id}`, { password: "changed password" }, { headers: HTTPS }))
        .status,
    ).toBe(200);
  });

  it("signs in over HTTPS with a Secure session cookie", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath(client.client_id), { headers: HTTPS });
    expect(page.res.headers.getSetCookie()[0]).toMatch(/;\s*Secure(;|$)/i);
    const res = await browser.request("/oauth2/login", {
      form: { ...formFields(page.text, "/oauth2/login"), email: "owner@example.com", password: "owner password" },
      headers: HTTPS,
    });
    expect(res.res.status).toBe(303);
    const cookie = res.res.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Secure(;|$)/i);
  });
});
