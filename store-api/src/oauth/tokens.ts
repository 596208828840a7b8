import { and, eq, isNull } from "drizzle-orm";
import { randomToken, sha256 } from "../auth/secrets.js";
import { PERMISSIONS } from "../auth/permissions.js";
import type { Queryable } from "../db/index.js";
import { oauthGrants, oauthTokens } from "../db/schema.js";
import type { UserRow } from "../users/users.js";

/** The spec's tokens are "effectively non-expiring": ten years (decisions.md). */
export const TOKEN_LIFETIME_SECONDS = 10 * 365 * 24 * 60 * 60;

export interface TokenResponse {
  access_token: string;
  token_type: "bearer";
  scope: string;
  expire_in: number;
  expires_in: number;
  refresh_token?: string;
  user: { id: number; email: string; permissions: string[] };
}

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
