import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
} from "../helpers/index.js";

/** POST /oauth2/revoke (RFC 7009; docs/contract.md#oauth). */

let store: TestStore;
type Client = { client_id: string; client_secret: string };
let client: Client;
let otherClient: Client;
const OWNER = { email: "owner@example.com", password: "correct horse battery" };
let browser: Browser;

async function tokens(c: Client = client) {
  const location = await authorize(store, { clientId: c.client_id, email: "", password: "" }, browser);
  const res = await exchangeCode(store, c, location.searchParams.get("code")!);
  expect(res.status).toBe(200);
  return res.json as { access_token: string; refresh_token: string };
}

function revoke(form: Record<string, string>, c: Client | null = client, headers: Record<string, string> = {}) {
  return postForm(
    `${store.url}/oauth2/revoke`,
    { ...(c ? { client_id: c.client_id, client_secret: c.client_secret } : {}), ...form },
    headers,
  );
}

async function usersStatus(token: string) {
  return (await api(store, token, "GET", "/users")).status;
}

function refresh(refreshToken: string, c: Client = client) {
  return tokenRequest(store, c, { grant_type: "refresh_token", refresh_token: refreshToken });
}

beforeAll(async () => {
  store = await startStore();
  client = await addClient(store, { name: "Dashboard" });
  otherClient = await addClient(store, { name: "Other App" });
  await addUser(store, OWNER);
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

describe("POST /oauth2/revoke", () => {
  it("revoking the access token makes it answer 401, and the refresh token stops working", async () => {
    const t = await tokens();
    expect(await usersStatus(t.access_token)).toBe(200);
    const res = await revoke({ token: t.access_token });
    expect(res.status).toBe(200);
    expect(res.text).toBe("{}");
    expect(res.res.headers.get("cache-control")).toContain("no-store");
    expect(await usersStatus(t.access_token)).toBe(401);
    const r = await refresh(t.refresh_token);
    expect(r.status).toBe(400);
    expect(r.json.error).toBe("invalid_grant");
  });

  it("revoking the refresh token ends the access token too", async () => {
    const t = await tokens();
    expect((await revoke({ token: t.refresh_token, token_type_hint: "refresh_token" })).status).toBe(200);
    expect(await usersStatus(t.access_token)).toBe(401);
    expect((await refresh(t.refresh_token)).json.error).toBe("invalid_grant");
  });

  it("leaves the user's other grants alone", async () => {
    const a = await tokens();
    const b = await tokens();
    expect((await revoke({ token: a.access_token })).status).toBe(200);
    expect(await usersStatus(a.access_token)).toBe(401);
    expect(await usersStatus(b.access_token)).toBe(200);
  });

  it("answers 200 for an unknown token, and for one already revoked", async () => {
    expect((await revoke({ token: "sat_unknown" })).status).toBe(200);
    const t = await tokens();
    expect((await revoke({ token: t.access_token })).status).toBe(200);
    expect((await revoke({ token: t.access_token })).status).toBe(200);
  });

  it("answers 200 for another client's token but does not revoke it", async () => {
    const t = await tokens(otherClient);
    expect((await revoke({ token: t.access_token }, client)).status).toBe(200);
    expect(await usersStatus(t.access_token)).toBe(200);
  });

  it("accepts HTTP Basic client authentication", async () => {
    const t = await tokens();
    const res = await revoke({ token: t.access_token }, null, basicAuth(client.client_id, client.client_secret));
    expect(res.status).toBe(200);
    expect(await usersStatus(t.access_token)).toBe(401);
  });

  it("a wrong client secret → 401 invalid_client, and nothing is revoked", async () => {
    const t = await tokens();
    const res = await revoke({ token: t.access_token }, { ...client, client_secret: "wrong" });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ error: "invalid_client", error_description: expect.any(String) });
    const none = await revoke({ token: t.access_token }, null);
    expect(none.status).toBe(401);
    expect(none.json.error).toBe("invalid_client");
    const unknown = await revoke({ token: t.access_token }, { client_id: "app_nope", client_secret: "x" });
    expect(unknown.status).toBe(401);
    expect(await usersStatus(t.access_token)).toBe(200);
  });

  it("a missing token → 400 invalid_request", async () => {
    const res = await revoke({});
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error: "invalid_request", error_description: expect.any(String) });
    expect((await revoke({ token: "" })).json.error).toBe("invalid_request");
  });

  it("answers a 4xx JSON error, never a 5xx, for odd input", async () => {
    for (const form of [
      { client_id: "a\u0000b", client_secret: "x", token: "x" },
      { client_id: client.client_id, client_secret: client.client_secret, token: "\u0000".repeat(10) },
      { client_id: client.client_id, client_secret: client.client_secret, token: "😀".repeat(50_000) },
    ]) {
      const res = await revoke(form, null);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400)
        expect(res.json).toEqual({ error: expect.any(String), error_description: expect.any(String) });
    }
    const repeated = await postForm(
      `${store.url}/oauth2/revoke`,
      new URLSearchParams([
        ["client_id", client.client_id],
        ["client_secret", client.client_secret],
        ["token", "a"],
        ["token", "b"],
      ]),
    );
    expect(repeated.status).toBe(400);
    expect(repeated.json.error).toBe("invalid_request");
  });
});
