import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getToken } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { cache } from "react";
import { sessionCookieName } from "./auth-cookies";
import { markTokenRefused } from "./permission-marks";
import {
  effectivePermissions,
  permissionChange,
  permissionsVersion,
  usableSession,
  type SessionToken,
} from "./session-token";
import { signInPath } from "./callback-path";
import { getEnv } from "./env";
import { StoreClient } from "./store/client";
import { displayAddress } from "./store/errors";

/** Who is signed in, as pages may show it. Holds no token. */
export interface SessionView {
  /** The store user's email, when the token response named the user. */
  email: string | null;
  userId: string | null;
  storeUrl: string;
  /** email when known, otherwise the store's address. */
  signedInAs: string;
  /** The store's name (STORE_NAME), or its host when not configured. */
  storeName: string;
  /** The store's own sign-out page (STORE_LOGOUT_URL), when configured. */
  storeLogoutUrl: string | null;
  /**
   * The user's permissions as the token response named them (an extension,
   * docs/contract.md#oauth), or else every permission but those the store
   * refused or did not prove when they were read (lib/store/access.ts); null
   * when it proved all six. For showing and hiding only: the store decides
   * what is allowed.
   */
  permissions: string[] | null;
  /** A fingerprint of `permissions` (permissionsVersion), for the shell to notice a re-read elsewhere. */
  permissionsVersion: string;
  /** When the permissions were last read (epoch ms); with the version in the shell's cookie. */
  permissionsReadAt: number | null;
  /** What a re-read changed and the user has not yet dismissed (lib/session-token.ts); null: nothing. */
  permissionChange: { gained: string[]; lost: string[] } | null;
}

/**
 * The decoded session cookie, once per request. Server-only: the access token
 * inside must never be handed to a client component.
 */
export const getSessionToken = cache(async (): Promise<SessionToken | null> => {
  // cookies() first: it makes the page dynamic, so a build without secrets
  // never reaches getEnv().
  const cookieStore = await cookies();
  const env = getEnv();
  const jwt = await getToken({
    // getToken only reads `cookies.getAll()` and `headers`; an empty Headers
    // keeps it from falling back to an Authorization header.
    req: { cookies: cookieStore, headers: new Headers() } as unknown as NextRequest,
    secret: env.NEXTAUTH_SECRET,
    cookieName: sessionCookieName(env.NEXTAUTH_URL),
  });
  return usableSession(jwt, env.STORE_PUBLIC_URL);
});

export async function getSessionView(): Promise<SessionView | null> {
  const session = await getSessionToken();
  if (!session) return null;
  const email = session.storeUser?.email ?? null;
  const env = getEnv();
  return {
    email,
    userId: session.storeUser?.id ?? null,
    storeUrl: session.storeUrl,
    signedInAs: email ?? displayAddress(session.storeUrl),
    storeName: env.STORE_NAME ?? displayAddress(session.storeUrl),
    storeLogoutUrl: env.STORE_LOGOUT_URL ?? null,
    permissions: effectivePermissions(session),
    permissionsVersion: permissionsVersion(effectivePermissions(session)),
    permissionsReadAt: session.permissionsReadAt,
    permissionChange: permissionChange(session),
  };
}

/** A store client acting with the signed-in user's token, or null when signed out. */
export async function getStoreClient(): Promise<StoreClient | null> {
  const session = await getSessionToken();
  if (!session) return null;
  return new StoreClient({
    baseUrl: getEnv().STORE_BASE_URL,
    accessToken: session.accessToken,
    // A refusal may mean the user's permissions changed: read them again at the next request (proxy.ts).
    onForbidden: () => markTokenRefused(session.accessToken),
  });
}

/** The signed-in user, or off to sign in (coming back to `callbackPath`). */
export async function requireSession(callbackPath: string): Promise<SessionView> {
  const session = await getSessionView();
  if (!session) redirect(signInPath(callbackPath));
  return session;
}
