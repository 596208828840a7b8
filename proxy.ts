import { withAuth, type NextRequestWithAuth } from "next-auth/middleware";
import { getToken } from "next-auth/jwt";
import { type NextFetchEvent, type NextRequest, NextResponse } from "next/server";
import { getEnv } from "./lib/env";
import { failureResponse, signedOutFailure } from "./lib/failure";
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

/**
 * The route handlers under /api/ (client reads) answer a signed-out caller
 * with 401 JSON, never a redirect to an HTML page a fetch cannot use. Each
 * handler checks the session again (lib/route-handler.ts).
 */
async function guardApi(request: NextRequest): Promise<Response> {
  const env = getEnv();
  const token = await getToken({ req: request, secret: env.NEXTAUTH_SECRET });
  if (usableSession(token, env.STORE_PUBLIC_URL)) return NextResponse.next();
  return failureResponse(signedOutFailure);
}

/** Signed-out visitors of any dashboard page go to /signin?callbackUrl=<that page>. */
export function proxy(request: NextRequest, event: NextFetchEvent) {
  if (request.nextUrl.pathname.startsWith("/api/")) return guardApi(request);
  return getGuard()(request as NextRequestWithAuth, event);
}

export const config = {
  matcher: ["/((?!api/auth|_next/static|_next/image|favicon\\.ico|icon\\.svg|robots\\.txt|signin|signed-out).*)"],
};
