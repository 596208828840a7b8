import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";
import { getEnv } from "./lib/env";
import { usableSession } from "./lib/session-token";

type Guard = (request: NextRequestWithAuth, event: NextFetchEvent) => ReturnType<ReturnType<typeof withAuth>>;

let guard: Guard | undefined;

/** Built on first request, not at import, so that `next build` needs no secrets. */
function getGuard(): Guard {
  if (!guard) {
    const env = getEnv();
    guard = withAuth(() => NextResponse.next(), {
      secret: env.NEXTAUTH_SECRET,
      pages: { signIn: "/signin", error: "/signin" },
      callbacks: {
        // A cookie alone is not enough: it must hold a token for this store.
        authorized: ({ token }) => usableSession(token, env.STORE_PUBLIC_URL) !== null,
      },
    }) as Guard;
  }
  return guard;
}

/** Signed-out visitors of any dashboard page go to /signin?callbackUrl=<that page>. */
export function proxy(request: NextRequest, event: NextFetchEvent) {
  return getGuard()(request as NextRequestWithAuth, event);
}

export const config = {
  matcher: ["/((?!api/auth|_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|signin|signed-out).*)"],
};
