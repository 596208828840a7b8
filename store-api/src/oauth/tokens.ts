import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { randomToken, sha256 } from "../auth/secrets.js";
import { PERMISSIONS } from "../auth/permissions.js";
import type { Queryable } from "../db/index.js";
import { oauthCodes, oauthGrants, oauthTokens, users } from "../db/schema/index.js";
import type { UserRow } from "../users/users.js";
import type { TokenResponse } from "./schemas.js";

/** The contract's tokens are "effectively non-expiring": ten years (docs/contract.md#oauth). */
export const TOKEN_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;

export async function createGrant(q: Queryable, clientId: string, userId: number, scope: string): Promise<number> {
  const [grant] = await q.insert(oauthGrants).values({ clientId, userId, scope }).returning({ id: oauthGrants.id });
  return grant!.id;
}

/** Issues an access token (and a refresh token unless `refresh` is false) on a grant. */
export async function issueTokens(
  q: Queryable,
  grant: { id: number; scope: string },
  user: UserRow,
  opts: { refresh: boolean; scope?: string },
): Promise<TokenResponse> {
  const scope = opts.scope ?? grant.scope;
  const access = randomToken("sat_");
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_SECONDS * 1000);
  await q
    .insert(oauthTokens)
    .values({ tokenHash: sha256(access), kind: "access", scope, grantId: grant.id, expiresAt });
  let refresh: string | undefined;
  if (opts.refresh) {
    refresh = randomToken("srt_");
    await q
      .insert(oauthTokens)
      .values({ tokenHash: sha256(refresh), kind: "refresh", scope, grantId: grant.id, expiresAt });
  }
  return {
    access_token: access,
    token_type: "bearer",
    scope,
    expire_in: TOKEN_LIFETIME_SECONDS,
    expires_in: TOKEN_LIFETIME_SECONDS,
    ...(refresh ? { refresh_token: refresh } : {}),
    user: { id: user.id, email: user.email, permissions: PERMISSIONS.filter((p) => user.permissions.includes(p)) },
  };
}

export async function revokeGrant(q: Queryable, grantId: number): Promise<void> {
  await q
    .update(oauthGrants)
    .set({ revokedAt: new Date() })
    .where(and(eq(oauthGrants.id, grantId), isNull(oauthGrants.revokedAt)));
}

/**
 * Revokes every live grant of a user, except `keep` (the grant of the token
 * making a change to its own user's password), and voids the user's unused
 * authorization codes, which would otherwise become new grants within their
 * minute (docs/contract.md#users).
 */
export async function revokeUserGrants(q: Queryable, userId: number, keep?: number): Promise<void> {
  await q
    .update(oauthGrants)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(oauthGrants.userId, userId),
        isNull(oauthGrants.revokedAt),
        keep === undefined ? undefined : ne(oauthGrants.id, keep),
      ),
    );
  await q.delete(oauthCodes).where(and(eq(oauthCodes.userId, userId), isNull(oauthCodes.usedAt)));
}

/** What an API request's access token stands for. */
export interface AccessToken {
  user: UserRow;
  grantId: number;
  clientId: string;
  scopes: string[];
  /** When it stops working (a cached token is checked against it on every use). */
  expiresAt: Date;
}

/** A live access token: known, unexpired, its grant not revoked, its user active. */
export async function findAccessToken(q: Queryable, token: string): Promise<AccessToken | undefined> {
  const [row] = await q
    .select({
      user: users,
      grantId: oauthGrants.id,
      clientId: oauthGrants.clientId,
      scope: oauthTokens.scope,
      expiresAt: oauthTokens.expiresAt,
    })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .innerJoin(users, eq(users.id, oauthGrants.userId))
    .where(
      and(
        eq(oauthTokens.tokenHash, sha256(token)),
        eq(oauthTokens.kind, "access"),
        gt(oauthTokens.expiresAt, new Date()),
        isNull(oauthGrants.revokedAt),
        eq(users.isActive, true),
      ),
    );
  return (
    row && {
      user: row.user,
      grantId: row.grantId,
      clientId: row.clientId,
      scopes: row.scope.split(" "),
      expiresAt: row.expiresAt,
    }
  );
}

/** The grant behind a token of either kind, live or not (for revocation). */
export async function findTokenGrant(
  q: Queryable,
  token: string,
): Promise<{ grantId: number; clientId: string } | undefined> {
  const [row] = await q
    .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
    .from(oauthTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
    .where(eq(oauthTokens.tokenHash, sha256(token)));
  return row;
}
