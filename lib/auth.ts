import "server-only";
import type { AuthOptions } from "next-auth";
import type { OAuthConfig } from "next-auth/providers/oauth";
import { authCookies, usesSecureCookies } from "./auth-cookies";
import { safeCallbackPath } from "./callback-path";
import { getEnv } from "./env";
import { sessionMaxAgeSeconds, sessionTokenSchema, type SessionToken } from "./session-token";
import { signInPermissions } from "./store/access";
import { displayAddress } from "./store/errors";
import { type StoreProfile, exchangeCode, profileFromTokens, requestedScopes, type TokenResponse } from "./store/oauth";

function storeProvider(): OAuthConfig<StoreProfile> {
  const env = getEnv();
  const credentials = {
    baseUrl: env.STORE_BASE_URL,
    clientId: env.STORE_CLIENT_ID,
    clientSecret: env.STORE_CLIENT_SECRET,
  };
  return {
    id: "store",
    name: "your store",
    type: "oauth",
    clientId: env.STORE_CLIENT_ID,
    clientSecret: env.STORE_CLIENT_SECRET,
    // PKCE (S256) beside state: a code caught on its way back is useless
    // without the verifier kept in our cookie. The contract's store enforces
    // it once a challenge was sent; a store that ignores PKCE just sees an
    // extra form field at the token endpoint (docs/contract.md#oauth).
    checks: ["pkce", "state"],
    authorization: {
      // The browser goes here, so this is the public address of the store.
      url: `${env.STORE_PUBLIC_URL}/oauth2/authorize`,
      params: { scope: requestedScopes, response_type: "code" },
    },
    token: {
      url: `${env.STORE_BASE_URL}/oauth2/access_token`,
      // Our own exchange: the spec's `expire_in`, an optional refresh_token
      // and extra fields are more than openid-client tolerates.
      async request({ params, checks, provider }) {
        // openid-client would compare state for us; a custom request must.
        if (!checks.state || params.state !== checks.state) {
          throw new Error("The state returned by the store does not match the one sent.");
        }
        if (!params.code) throw new Error("The store sent no authorization code.");
        // next-auth read it from the signed PKCE cookie; without it, no exchange.
        if (!checks.code_verifier) throw new Error("The PKCE code verifier of this sign-in is missing.");
        const tokens = await exchangeCode(credentials, {
          code: params.code,
          redirectUri: provider.callbackUrl,
          codeVerifier: checks.code_verifier,
        });
        // openid-client's TokenSet turns `expires_in` into `expires_at`, and
        // would turn an undefined one into NaN.
        const { expires_in, ...rest } = tokens;
        return { tokens: expires_in === undefined ? rest : { ...rest, expires_in } };
      },
    },
    // There is no userinfo endpoint: the profile comes from the token
    // response (its optional `user` extension) or, failing that, the store.
    userinfo: {
      request: ({ tokens }) => profileFromTokens(tokens as unknown as TokenResponse, env.STORE_PUBLIC_URL),
    },
    profile: (profile) => ({ id: profile.id, email: profile.email, name: profile.email }),
  };
}

let cached: AuthOptions | undefined;

export function getAuthOptions(): AuthOptions {
  if (cached) return cached;
  const env = getEnv();
  cached = {
    secret: env.NEXTAUTH_SECRET,
    providers: [storeProvider()],
    // The same lifetime lib/session-refresh.ts gives the cookie it writes again.
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds },
    useSecureCookies: usesSecureCookies(env.NEXTAUTH_URL),
    cookies: authCookies(usesSecureCookies(env.NEXTAUTH_URL)),
    pages: { signIn: "/signin", error: "/signin" },
    callbacks: {
      // Every redirect next-auth makes (after sign-in, to the callbackUrl it
      // was given and kept in a cookie) stays on the dashboard.
      async redirect({ url, baseUrl }) {
        const path = safeCallbackPath(url, baseUrl);
        return new URL(path ?? "/", baseUrl).href;
      },
      async jwt({ token, account, profile }) {
        if (!account) return token;
        // Sign-in: keep only what the server needs; start a fresh token.
        const storeProfile = profile as StoreProfile | undefined;
        const expiresAt = typeof account.expires_at === "number" ? account.expires_at : null;
        const accessToken = String(account.access_token);
        const named = storeProfile && !storeProfile.isStore ? (storeProfile.permissions ?? null) : null;
        // A store that does not say what the user may do is asked, failing closed: what it did not
        // prove is hidden until a read proves it (lib/store/access.ts). Unsure: read again at once.
        const asked = named ? null : await signInPermissions({ baseUrl: env.STORE_BASE_URL, accessToken });
        const next: SessionToken = {
          accessToken,
          scope: typeof account.scope === "string" ? account.scope : null,
          expiresAt,
          storeUser:
            storeProfile && !storeProfile.isStore
              ? {
                  id: storeProfile.id,
                  email: storeProfile.email ?? null,
                  permissions: storeProfile.permissions ?? null,
                }
              : null,
          storeUrl: env.STORE_PUBLIC_URL,
          refused: asked?.refused ?? [],
          // Read again by proxy.ts once older than DASHBOARD_PERMISSIONS_REFRESH_SECONDS (lib/session-refresh.ts),
          // or at the next request when the store could not answer for some of them.
          permissionsReadAt: asked && !asked.certain ? null : Date.now(),
          permissionsBefore: null,
        };
        return { sub: token.sub, ...next };
      },
      // What /api/auth/session would hand the browser: never the token.
      async session({ session, token }) {
        const parsed = sessionTokenSchema.safeParse(token);
        const email = parsed.success ? (parsed.data.storeUser?.email ?? null) : null;
        return {
          expires: session.expires,
          user: { name: email ?? displayAddress(env.STORE_PUBLIC_URL), email },
        };
      },
    },
  };
  return cached;
}
