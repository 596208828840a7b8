import NextAuth from "next-auth";
import { type NextRequest, NextResponse } from "next/server";
import { getAuthOptions } from "@/lib/auth";
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
 * say what happened, so it goes there with the store's own words.
 */
function storeRefusal(request: NextRequest, nextauth: string[]): Response | null {
  if (nextauth[0] !== "callback" || nextauth[1] !== "store") return null;
  const error = request.nextUrl.searchParams.get("error");
  if (!error) return null;
  const target = new URL("/signin", getEnv().NEXTAUTH_URL);
  target.searchParams.set("error", /^[a-z_]{1,64}$/.test(error) ? error : "server_error");
  const description = request.nextUrl.searchParams.get("error_description");
  if (description) target.searchParams.set("error_description", description.slice(0, 300));
  const callbackUrl =
    request.cookies.get("next-auth.callback-url")?.value ??
    request.cookies.get("__Secure-next-auth.callback-url")?.value;
  const back = callbackUrl ? new URL(callbackUrl, target) : null;
  const callbackPath = back && back.origin === target.origin ? safeCallbackPath(back.pathname + back.search) : null;
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
