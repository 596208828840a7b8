import { and, eq, isNull } from "drizzle-orm";
import { sha256 } from "../../auth/secrets.js";
import type { Tx } from "../../db/index.js";
import { oauthGrants, oauthTokens, users } from "../../db/schema/index.js";
import type { OAuthClient } from "../clients.js";
import { InvalidGrant, InvalidRequest, InvalidScope, type OAuthError } from "../errors.js";
import type { TokenResponse } from "../schemas.js";
import { issueTokens, revokeGrant } from "../tokens.js";

/**
 * grant_type=refresh_token (RFC 6749 §6). Refresh tokens rotate; presenting a
 * used one again means it leaked, so the whole grant is revoked (RFC 9700 §4.14.2).
 */
export async function exchangeRefreshToken(
  tx: Tx,
  client: OAuthClient,
  body: Record<string, unknown>,
): Promise<TokenResponse | OAuthError> {
  const token = body.refresh_token;
  if (typeof token !== "string" || !token) throw new InvalidRequest("refresh_token is required.");
  const [row] = await tx
    .select({ token: oauthTokens, grant: oauthGrants, user: users })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(and(eq(oauthTokens.tokenHash, sha256(token)), eq(oauthTokens.kind, "refresh")));
  if (!row || row.grant.clientId !== client.clientId || row.grant.revokedAt)
    return new InvalidGrant("The refresh token is not valid.");
  if (row.token.usedAt) {
    await revokeGrant(tx, row.grant.id);
    return new InvalidGrant("The refresh token was already used; the grant is revoked. Sign in again.");
  }
  if (row.token.expiresAt.getTime() <= Date.now()) return new InvalidGrant("The refresh token has expired.");
  if (!row.user.isActive) return new InvalidGrant("The store user who granted access is no longer active.");

  let scope = row.token.scope;
  if (typeof body.scope === "string" && body.scope.trim()) {
    const asked = [...new Set(body.scope.split(/[\s,+]+/).filter(Boolean))];
    // Anything within the original grant may be asked for again (RFC 6749 §6), even after a narrower refresh.
    const held = row.grant.scope.split(" ");
    const extra = asked.filter((s) => !held.includes(s));
    if (extra.length) throw new InvalidScope(`The grant does not include ${extra.join(", ")}.`);
    scope = asked.join(" ");
  }
  const claimed = await tx
    .update(oauthTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oauthTokens.tokenHash, row.token.tokenHash), isNull(oauthTokens.usedAt)))
    .returning({ tokenHash: oauthTokens.tokenHash });
  if (!claimed.length) throw new InvalidGrant("The refresh token was already used.");
  return issueTokens(tx, { id: row.grant.id, scope: row.grant.scope }, row.user, { refresh: true, scope });
}
