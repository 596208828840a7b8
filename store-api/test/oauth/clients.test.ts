import { createRequire } from "node:module";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientRegistrationError, createClient, findClient, addRedirectUris } from "../../src/oauth/clients.js";
import {
  addClient,
  addUser,
  api,
  authorize,
  Browser,
  formFields,
  REDIRECT_URI,
  startStore,
  type TestStore,
} from "../helpers/index.js";

/**
 * Real OAuth client libraries against the store (docs/contract.md#oauth): the
 * code flow, refresh, revocation and a wrong secret, each through simple-oauth2
 * 5 and oauth4webapi 3, as an application would use them. The store listens on
 * plain http in tests, which oauth4webapi allows only when told.
 */

// simple-oauth2 ships no types: the little of it used here.
interface SimpleToken {
  token: { access_token: string; refresh_token: string; token_type: string; expires_at?: Date };
  refresh(): Promise<SimpleToken>;
  revokeAll(): Promise<void>;
}
interface SimpleAuthorizationCode {
  getToken(params: { code: string; redirect_uri: string; scope?: string }): Promise<SimpleToken>;
}
type SimpleOAuth2 = {
  AuthorizationCode: new (config: {
    client: { id: string; secret: string };
    auth: { tokenHost: string; tokenPath: string; revokePath: string; authorizePath: string };
    options?: { authorizationMethod?: "header" | "body" };
  }) => SimpleAuthorizationCode;
};
const { AuthorizationCode } = createRequire(import.meta.url)("simple-oauth2") as SimpleOAuth2;

/** A Boom error from simple-oauth2 (@hapi/wreck) for an HTTP error status. */
type BoomError = Error & { isBoom?: boolean; output?: { statusCode: number }; data?: { payload?: unknown } };

let store: TestStore;
let app: { client_id: string; client_secret: string };
const OWNER = { email: "owner@example.com", password: "correct horse battery" };
let browser: Browser;

async function usersStatus(token: string) {
  return (await api(store, token, "GET", "/users")).status;
}

/** The browser part: a fresh code for `app`, signed in once per file. */
async function code(extra: Record<string, string> = {}): Promise<URL> {
  return authorize(store, { clientId: app.client_id, email: OWNER.email, password: OWNER.password, extra }, browser);
}

beforeAll(async () => {
  store = await startStore();
  app = await addClient(store, { name: "Library App" });
  await addUser(store, OWNER);
  browser = new Browser(store.url);
  const page = await browser.request(
    `/oauth2/authorize?${new URLSearchParams({ client_id: app.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "admin" })}`,
  );
  const signedIn = await browser.request("/oauth2/login", {
    form: { ...formFields(page.text, "/oauth2/login"), ...OWNER },
  });
  expect(signedIn.res.status).toBe(303);
});
afterAll(() => store.close());

describe("simple-oauth2 5", () => {
  function library(secret = app.client_secret, authorizationMethod: "header" | "body" = "header") {
    return new AuthorizationCode({
      client: { id: app.client_id, secret },
      auth: {
        tokenHost: store.url,
        tokenPath: "/oauth2/access_token",
        revokePath: "/oauth2/revoke",
        authorizePath: "/oauth2/authorize",
      },
      options: { authorizationMethod },
    });
  }

  for (const method of ["header", "body"] as const) {
    it(`exchanges a code, refreshes, and signs out with revokeAll (client secret in the ${method})`, async () => {
      const location = await code({ state: "s1" });
      expect(location.searchParams.get("state")).toBe("s1");
      const token = await library(app.client_secret, method).getToken({
        code: location.searchParams.get("code")!,
        redirect_uri: REDIRECT_URI,
      });
      expect(token.token.token_type).toBe("bearer");
      expect(token.token.expires_at).toBeInstanceOf(Date);
      expect(await usersStatus(token.token.access_token)).toBe(200);

      const refreshed = await token.refresh();
      expect(refreshed.token.access_token).not.toBe(token.token.access_token);
      expect(await usersStatus(refreshed.token.access_token)).toBe(200);

      // Both revocations (access, then refresh token) must read as success.
      await expect(refreshed.revokeAll()).resolves.toBeUndefined();
      expect(await usersStatus(refreshed.token.access_token)).toBe(401);
      await expect(refreshed.refresh()).rejects.toMatchObject({ output: { statusCode: 400 } });
    });
  }

  it("a wrong client secret fails with 401 invalid_client, and the code still works", async () => {
    const location = await code();
    const params = { code: location.searchParams.get("code")!, redirect_uri: REDIRECT_URI };
    for (const method of ["header", "body"] as const) {
      const err = (await library("sec_wrong", method)
        .getToken(params)
        .catch((e: unknown) => e)) as BoomError;
      expect(err.isBoom).toBe(true);
      expect(err.output?.statusCode).toBe(401);
      expect(err.data?.payload).toEqual({ error: "invalid_client", error_description: expect.any(String) });
    }
    const token = await library().getToken(params);
    expect(await usersStatus(token.token.access_token)).toBe(200);
  });
});

describe("oauth4webapi 3", () => {
  const insecure = { [oauth.allowInsecureRequests]: true } as const;
  let as: oauth.AuthorizationServer;
  const client = (): oauth.Client => ({ client_id: app.client_id });

  beforeAll(() => {
    as = {
      issuer: store.url,
      authorization_endpoint: `${store.url}/oauth2/authorize`,
      token_endpoint: `${store.url}/oauth2/access_token`,
      revocation_endpoint: `${store.url}/oauth2/revoke`,
    };
  });

  async function exchange(auth: oauth.ClientAuth) {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const location = await code({
      state,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    });
    const params = oauth.validateAuthResponse(as, client(), location, state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client(),
      auth,
      params,
      REDIRECT_URI,
      verifier,
      insecure,
    );
    return oauth.processAuthorizationCodeResponse(as, client(), response);
  }

  for (const [name, auth] of [
    ["client_secret_basic", () => oauth.ClientSecretBasic(app.client_secret)],
    ["client_secret_post", () => oauth.ClientSecretPost(app.client_secret)],
  ] as const) {
    it(`exchanges a code with PKCE, refreshes and revokes (${name})`, async () => {
      const tokens = await exchange(auth());
      expect(tokens.token_type).toBe("bearer");
      expect(tokens.expires_in).toBeGreaterThan(0);
      expect(await usersStatus(tokens.access_token)).toBe(200);

      const refreshed = await oauth.processRefreshTokenResponse(
        as,
        client(),
        await oauth.refreshTokenGrantRequest(as, client(), auth(), tokens.refresh_token!, insecure),
      );
      expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
      expect(await usersStatus(refreshed.access_token)).toBe(200);

      const revoked = await oauth.revocationRequest(as, client(), auth(), refreshed.access_token, insecure);
      expect(revoked.headers.get("content-type")).toMatch(/^application\/json/);
      expect(revoked.headers.get("cache-control")).toContain("no-store");
      await expect(oauth.processRevocationResponse(revoked)).resolves.toBeUndefined();
      expect(await usersStatus(refreshed.access_token)).toBe(401);
      // Revoking the grant's other token too is still a success.
      await expect(
        oauth.processRevocationResponse(
          await oauth.revocationRequest(as, client(), auth(), refreshed.refresh_token!, insecure),
        ),
      ).resolves.toBeUndefined();

      const again = oauth.processRefreshTokenResponse(
        as,
        client(),
        await oauth.refreshTokenGrantRequest(as, client(), auth(), refreshed.refresh_token!, insecure),
      );
      await expect(again).rejects.toMatchObject({ error: "invalid_grant", status: 400 });
    });
  }

  it("a wrong client secret fails with 401 invalid_client", async () => {
    // With the secret in the body the error arrives as RFC 6749 §5.2 JSON.
    const location = await code();
    const params = oauth.validateAuthResponse(as, client(), location, oauth.expectNoState);
    const post = await oauth.authorizationCodeGrantRequest(
      as,
      client(),
      oauth.ClientSecretPost("sec_wrong"),
      params,
      REDIRECT_URI,
      oauth.nopkce,
      insecure,
    );
    expect(post.status).toBe(401);
    const err = await oauth.processAuthorizationCodeResponse(as, client(), post).catch((e: unknown) => e);
    // The store names the Basic scheme on every 401 (§5.2), which oauth4webapi reports as a challenge.
    expect(err).toBeInstanceOf(oauth.WWWAuthenticateChallengeError);
    expect((err as oauth.WWWAuthenticateChallengeError).status).toBe(401);
    expect(await post.json()).toEqual({ error: "invalid_client", error_description: expect.any(String) });

    const basic = await oauth.revocationRequest(as, client(), oauth.ClientSecretBasic("sec_wrong"), "sat_x", insecure);
    await expect(oauth.processRevocationResponse(basic)).rejects.toMatchObject({ status: 401 });
  });
});

describe("registering an application (docs/contract.md#modes)", () => {
  const register = (redirectUris: string[], mode: "development" | "production") =>
    createClient(store.database.db, { name: "Registered", redirectUris }, { mode });

  it("in production mode takes https, and plain http only to this machine", async () => {
    for (const uri of [
      "https://admin.example.com/api/auth/callback/store",
      "http://127.0.0.1:3000/cb",
      "http://localhost:3000/cb",
      "http://[::1]:8080/cb",
    ]) {
      const created = await register([uri], "production");
      expect((await findClient(store.database.db, created.client_id))?.redirectUris).toEqual([uri]);
    }
    for (const uri of ["http://admin.example.com/cb", "http://10.0.0.5/cb", "http://localhost.example.com/cb"]) {
      await expect(register(["https://ok.example.com/cb", uri], "production")).rejects.toThrow(
        new ClientRegistrationError(
          `Redirect URI ${uri} must use https in production mode (plain http only to this machine: 127.0.0.1, [::1] or localhost).`,
        ),
      );
    }
  });

  it("in development mode still takes plain http anywhere", async () => {
    const created = await register(["http://app.test/callback"], "development");
    expect(created.client_id).toMatch(/^app_/);
  });

  it("adding redirect URIs follows the same rule", async () => {
    const created = await register(["https://admin.example.com/cb"], "production");
    const row = (await findClient(store.database.db, created.client_id))!;
    await expect(
      addRedirectUris(store.database.db, row, ["http://admin.example.com/cb"], { mode: "production" }),
    ).rejects.toThrow(ClientRegistrationError);
    expect((await findClient(store.database.db, created.client_id))?.redirectUris).toEqual([
      "https://admin.example.com/cb",
    ]);
  });
});
