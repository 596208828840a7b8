"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { sessionCookieName, usesSecureCookies } from "../auth-cookies";
import { getEnv } from "../env";
import { getSessionToken } from "../session";
import { writeSessionCookie } from "../session-refresh";
import { revokeToken } from "../store/oauth";

/**
 * Sign-out: revoke the token at the store, then clear the session cookie. A
 * store need not have the revocation endpoint (docs/contract.md#oauth), so a
 * failure does not stop the sign-out; the signed-out page then says the store
 * did not confirm it, rather than claiming it was revoked.
 */
export async function signOutAction(): Promise<void> {
  const env = getEnv();
  const session = await getSessionToken();
  let revoked = true;
  if (session) {
    revoked = await revokeToken(
      { baseUrl: env.STORE_BASE_URL, clientId: env.STORE_CLIENT_ID, clientSecret: env.STORE_CLIENT_SECRET },
      session.accessToken,
    );
  }
  const cookieStore = await cookies();
  // The same name and attributes next-auth sets it with (lib/auth-cookies.ts):
  // a `__Host-` cookie is only replaced by one that is Secure, on Path=/.
  const secure = usesSecureCookies(env.NEXTAUTH_URL);
  const sessionCookie = sessionCookieName(env.NEXTAUTH_URL);
  // A large session is split into .0, .1 … chunks; clear them all.
  for (const { name } of cookieStore.getAll()) {
    if (name === sessionCookie || name.startsWith(`${sessionCookie}.`)) {
      cookieStore.set(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure });
    }
  }
  redirect(revoked ? "/signed-out" : "/signed-out?revoked=unconfirmed");
}

/**
 * The user read the notice of their changed permissions (the shell's
 * PermissionsNotice): forget what they had before, so it is not shown again.
 */
export async function dismissPermissionChangeAction(): Promise<void> {
  const session = await getSessionToken();
  if (!session || session.permissionsBefore === null) return;
  await writeSessionCookie({ ...session, permissionsBefore: null }, getEnv(), { response: await cookies() });
}
