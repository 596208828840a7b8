import ExternalLink from "lucide-react/icons/external-link";
import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { getEnv } from "@/lib/env";
import { displayAddress } from "@/lib/store/errors";

export const metadata: Metadata = { title: "Signed out" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * After "Sign out of Store Admin" (lib/actions/session.ts). It says exactly
 * what happened: Store Admin's session is gone and its token was revoked,
 * but the browser may still be signed in on the store's own pages, which
 * Store Admin cannot end. The session is gone, so the store's name and
 * sign-out page come from the configuration.
 */
export default async function SignedOutPage({ searchParams }: { searchParams: SearchParams }) {
  const env = getEnv();
  const store = env.STORE_NAME ?? displayAddress(env.STORE_PUBLIC_URL);
  const logoutUrl = env.STORE_LOGOUT_URL ?? null;
  // Set by the sign-out when the store did not confirm the revocation (a
  // store need not have the endpoint). Anyone can add it to a link: it can
  // only make this page promise less.
  const unconfirmed = (await searchParams).revoked === "unconfirmed";

  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight text-fg">You have signed out</h1>
      <div role="status" className="mt-2 space-y-2 text-sm text-fg-muted">
        <p>
          {unconfirmed
            ? `You are signed out of Store Admin, and it no longer holds its access to ${store}. The store did not confirm that the access was revoked.`
            : `You are signed out of Store Admin, and its access to ${store} was revoked.`}
        </p>
        <p>
          {logoutUrl
            ? `You are still signed in on ${store}'s own pages, so signing in again may not ask for your password.`
            : `If you are still signed in on ${store}'s own pages, signing in again may not ask for your password.`}
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-2">
        <Link href="/signin" className={buttonClasses("primary", "w-full")}>
          Sign in again
        </Link>
        {logoutUrl ? (
          // A plain link: the store's own page asks to confirm, then signs the browser out there.
          <a href={logoutUrl} className={buttonClasses("secondary", "w-full")}>
            Sign out of {store} too
            <ExternalLink aria-hidden="true" />
          </a>
        ) : null}
      </div>
    </>
  );
}
