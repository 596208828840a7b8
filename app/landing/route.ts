import { type NextRequest, NextResponse } from "next/server";
import { safeCallbackPath } from "@/lib/callback-path";
import { getEnv } from "@/lib/env";
import { landingPath } from "@/lib/navigation";
import { getSessionView } from "@/lib/session";

/**
 * Where sign-in ends (the sign-in page's callbackUrl is /landing?to=<page>):
 * only now is the session known, so only now can we tell whether the user
 * may use the page they were going to. If not, Home: the first page everyone
 * may use, which lists just their sections (lib/navigation.ts).
 */
export async function GET(request: NextRequest): Promise<Response> {
  const env = getEnv();
  const to = safeCallbackPath(request.nextUrl.searchParams.get("to")) ?? "/";
  const session = await getSessionView();
  const target = session ? landingPath(to, session.permissions) : "/signin";
  return NextResponse.redirect(new URL(target, env.NEXTAUTH_URL), 303);
}
