import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ForgetQuery } from "@/components/auth/forget-query";
import { SignInButton } from "@/components/auth/sign-in-button";
import { Notice } from "@/components/ui/notice";
import { getEnv } from "@/lib/env";
import { safeCallbackPath } from "@/lib/callback-path";
import { getSessionView } from "@/lib/session";
import { probeStore } from "@/lib/store/client";
import { displayAddress } from "@/lib/store/errors";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

interface Message {
  title: string;
  body: string;
  tone: "error" | "warning" | "info";
}

const storeProblem: Message = {
  tone: "error",
  title: "The store refused the sign-in",
  body: "Try again, or ask the store's owner to check the Store Admin application.",
};

/**
 * What went wrong, in our own words: `error` is a code from the store (RFC
 * 6749 §4.1.2.1, passed on by app/api/auth/[...nextauth]/route.ts) or from
 * next-auth. Anyone can craft a link to this page, so nothing of the query
 * string is shown as it is: an unknown code gets a general sentence
 * (docs/contract.md#errors).
 */
function messageFor(error: string | undefined): Message | null {
  if (!error) return null;
  switch (error) {
    case "access_denied":
    case "AccessDenied":
      return {
        tone: "warning",
        title: "You did not allow access",
        body: "Access was denied on your store's page, so Store Admin is not signed in. To continue, sign in again and choose Allow.",
      };
    case "SessionExpired":
      return {
        tone: "info",
        title: "Your store session has ended",
        body: "Sign in again to carry on where you left off.",
      };
    case "Configuration":
      return {
        tone: "error",
        title: "Store Admin is not set up correctly",
        body: "Check STORE_CLIENT_ID, STORE_CLIENT_SECRET and NEXTAUTH_SECRET, then try again.",
      };
    case "OAuthSignin":
    case "OAuthCallback":
    case "Callback":
    case "OAuthCreateAccount":
    case "Default":
      return {
        tone: "error",
        title: "Signing in did not complete",
        body: "The store did not finish the sign-in (the link may have expired or been used already). Try again.",
      };
    case "invalid_scope":
      return {
        ...storeProblem,
        body: "The store would not grant the access Store Admin asks for (admin and storefront). Ask the store's owner to allow these scopes for the Store Admin application.",
      };
    case "unauthorized_client":
    case "invalid_client":
    case "unsupported_response_type":
      return {
        ...storeProblem,
        body: "The store does not accept Store Admin as an application. Ask the store's owner to check its registration (client ID and redirect address).",
      };
    case "server_error":
    case "temporarily_unavailable":
      return { ...storeProblem, body: "The store had a problem. Try again in a moment." };
    default:
      return storeProblem;
  }
}

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const error = first(params.error);
  const env = getEnv();
  const callbackUrl = safeCallbackPath(first(params.callbackUrl), env.NEXTAUTH_URL) ?? "/";

  const session = await getSessionView();
  if (session && !error) redirect(callbackUrl);

  const message = messageFor(error);
  const reachable = await probeStore(env.STORE_BASE_URL);
  // The message is read once, then gone from the address bar (with a callbackUrl
  // of "/", where sign-in goes anyway). A plain /signin?callbackUrl=%2F keeps it:
  // e2e/support.ts's signIn() expects the query after the redirect.
  const forget = error === undefined ? [] : ["error", ...(first(params.callbackUrl) === "/" ? ["callbackUrl"] : [])];

  return (
    <>
      {forget.length > 0 ? <ForgetQuery names={forget} /> : null}
      <h1 className="text-xl font-semibold tracking-tight text-fg">Sign in to Store Admin</h1>
      <p className="mt-2 text-sm text-fg-muted">
        Store Admin manages the store at{" "}
        <span className="font-medium break-all text-fg">{displayAddress(env.STORE_PUBLIC_URL)}</span>.
      </p>
      <div className="mt-6 space-y-4">
        {message ? (
          <Notice role="alert" tone={message.tone} title={message.title}>
            {message.body}
          </Notice>
        ) : null}
        {reachable ? null : (
          <Notice role="alert" tone="warning" title="The store is not answering">
            The store at {displayAddress(env.STORE_BASE_URL)} does not respond right now. Check that it is running, then
            reload this page.
          </Notice>
        )}
        <SignInButton callbackUrl={`/landing?to=${encodeURIComponent(callbackUrl)}`} />
      </div>
    </>
  );
}
