import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { safeEqual, sha256 } from "../../auth/secrets.js";
import type { Tx } from "../../db/index.js";
import { oauthCodes, users } from "../../db/schema/index.js";
import type { OAuthClient } from "../clients.js";
import { InvalidGrant, InvalidRequest, type OAuthError } from "../errors.js";
import type { TokenResponse } from "../schemas.js";
import { createGrant, issueTokens, revokeGrant } from "../tokens.js";

/**
 * grant_type=authorization_code (RFC 6749 §4.1.3, with PKCE per RFC 7636 and
 * RFC 9700 §2.1.1). Returns an error instead of throwing where the database
 * must still change (a replayed code revokes the tokens of its first use).
 */
export async function exchangeAuthorizationCode(
  tx: Tx,
  client: OAuthClient,
  body: Record<string, unknown>,
): Promise<TokenResponse | OAuthError> {
  const code = body.code;
  const redirectUri = body.redirect_uri;
  const verifier = body.code_verifier;
  if (typeof code !== "string" || !code) throw new InvalidRequest("code is required.");
  if (typeof redirectUri !== "string" || !redirectUri) throw new InvalidRequest("redirect_uri is required.");

  const [row] = await tx
    .select()
    .from(oauthCodes)
    .where(eq(oauthCodes.codeHash, sha256(code)));
  if (!row || row.clientId !== client.clientId) return new InvalidGrant("The authorization code is not valid.");
  if (row.usedAt) {
    if (row.grantId) await revokeGrant(tx, row.grantId);
    return new InvalidGrant("The authorization code was already used; the tokens issued for it are revoked.");
  }
  if (row.expiresAt.getTime() <= Date.now()) return new InvalidGrant("The authorization code has expired.");
  if (row.redirectUri !== redirectUri)
    return new InvalidGrant("redirect_uri does not match the one in the authorization request.");
  if (row.codeChallenge) {
    if (typeof verifier !== "string" || !/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) {
      return new InvalidGrant("code_verifier is missing or malformed.");
    }
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    if (!safeEqual(challenge, row.codeChallenge))
      return new InvalidGrant("code_verifier does not match the code_challenge.");
  } else if (verifier !== undefined) {
    return new InvalidGrant("code_verifier was sent, but the authorization request had no code_challenge.");
  }

  const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
  if (!user?.isActive) return new InvalidGrant("The store user who granted access is no longer active.");

  const grantId = await createGrant(tx, client.clientId, user.id, row.scope);
  // Claim the code atomically: of two concurrent exchanges only one updates the row.
  const claimed = await tx
    .update(oauthCodes)
    .set({ usedAt: new Date(), grantId })
    .where(and(eq(oauthCodes.codeHash, row.codeHash), isNull(oauthCodes.usedAt)))
    .returning({ codeHash: oauthCodes.codeHash });
  if (!claimed.length) throw new InvalidGrant("The authorization code was already used.");
  return issueTokens(tx, { id: grantId, scope: row.scope }, user, { refresh: true });
}
