import { randomToken, sha256 } from "../auth/secrets.js";
import type { Queryable } from "../db/index.js";
import { oauthCodes } from "../db/schema/index.js";
import type { UserRow } from "../users/users.js";
import { redirectLocation, type AuthorizationRequest } from "./authorization-request.js";
import { AccessDenied } from "./errors.js";
import { createGrant, issueTokens } from "./tokens.js";

/** Authorization codes live 60 s and work once (docs/contract.md#oauth). */
export const CODE_TTL_MS = 60_000;

/**
 * The user allowed the request: where to send the browser. response_type=code
 * gets a code in the query; response_type=token (the contract's client-side
 * flow) gets a token in the fragment and no refresh token (RFC 6749 §4.2.2).
 */
export async function grantAccess(q: Queryable, authz: AuthorizationRequest, user: UserRow): Promise<string> {
  if (authz.responseType === "token") {
    const grantId = await createGrant(q, authz.client.clientId, user.id, authz.scope);
    const t = await issueTokens(q, { id: grantId, scope: authz.scope }, user, { refresh: false });
    return redirectLocation(authz.redirectUri, "fragment", {
      access_token: t.access_token,
      token_type: t.token_type,
      expire_in: t.expire_in,
      expires_in: t.expires_in,
      scope: t.scope,
      state: authz.state,
    });
  }
  const code = randomToken("sac_");
  await q.insert(oauthCodes).values({
    codeHash: sha256(code),
    clientId: authz.client.clientId,
    userId: user.id,
    redirectUri: authz.redirectUri,
    scope: authz.scope,
    codeChallenge: authz.codeChallenge ?? null,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return redirectLocation(authz.redirectUri, "query", { code, state: authz.state });
}

/** The user denied the request: access_denied at the application's redirect URI. */
export function denyAccess(authz: AuthorizationRequest): string {
  const denied = new AccessDenied();
  const mode = authz.responseType === "token" ? "fragment" : "query";
  return redirectLocation(authz.redirectUri, mode, {
    error: denied.code,
    error_description: denied.message,
    state: authz.state,
  });
}
