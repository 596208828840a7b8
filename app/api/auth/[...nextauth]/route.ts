import NextAuth from "next-auth";
import { type NextRequest, NextResponse } from "next/server";
import { getAuthOptions } from "@/lib/auth";
import { authCookies, usesSecureCookies } from "@/lib/auth-cookies";
import { getEnv } from "@/lib/env";
import { safeCallbackPath } from "@/lib/callback-path";

interface RouteContext {
  params: Promise<{ nextauth: string[] }>;
}

function handler(request: NextRequest, context: RouteContext): Promise<Response> {
  // Built per request (cheaply, options are cached) so `next build` needs no secrets.
  return NextAuth(getAuthOptions())(request, context);
}

/**
 * The store sends a refusal (the user chose Deny, or the store refused the
 * request) back to the callback as `?error=…&error_description=…`. next-auth
 * would flatten that into a generic "OAuthCallback"; the sign-in page should
 * say what happened, so it goes there with the error code, which the page
 * turns into its own sentence. The description is anyone's text (whoever
 * crafted the link), so it goes to the server log only
 * (docs/contract.md#errors).
 */
function storeRefusal(request: NextRequest, nextauth: string[]): Response | null {
  if (nextauth[0] !== "callback" || nextauth[1] !== "store") return null;
  const error = request.nextUrl.searchParams.get("error");
  if (!error) return null;
  const env = getEnv();
  const code = /^[a-z_]{1,64}$/.test(error) ? error : "server_error";
  const description = request.nextUrl.searchParams.get("error_description");
  console.warn(`[sign-in] the store refused: ${code}${description ? `: ${description.slice(0, 300)}` : ""}`);
  const target = new URL("/signin", env.NEXTAUTH_URL);
  target.searchParams.set("error", code);
  const cookieName = authCookies(usesSecureCookies(env.NEXTAUTH_URL)).callbackUrl.name;
  const callbackPath = safeCallbackPath(request.cookies.get(cookieName)?.value, target.origin);
  if (callbackPath && callbackPath !== "/") target.searchParams.set("callbackUrl", callbackPath);
  return NextResponse.redirect(target);
}

export async function GET(request: NextRequest, context: RouteContext): Promise<Response> {
  const { nextauth } = await context.params;
  return storeRefusal(request, nextauth) ?? handler(request, context);
}

export async function POST(request: NextRequest, context: RouteContext): Promise<Response> {
  return handler(request, context);
}
