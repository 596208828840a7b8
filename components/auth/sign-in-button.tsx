"use client";

import { type FormEvent, useRef, useState, useSyncExternalStore } from "react";
import { buttonClasses } from "../ui/button";

/**
 * Starts next-auth's OAuth flow: a POST to /api/auth/signin/store with its
 * CSRF token, which redirects the browser to the store's consent flow.
 */
const noSubscription = () => () => {};

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const csrfInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Signing in needs this script (it fetches the CSRF token first): until the
  // page is hydrated the button is disabled, so an early click is not lost.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    setProblem(null);
    try {
      const response = await fetch("/api/auth/csrf", { cache: "no-store" });
      const body: unknown = await response.json();
      const token = (body as { csrfToken?: unknown }).csrfToken;
      if (typeof token !== "string" || !csrfInput.current) throw new Error("no CSRF token");
      csrfInput.current.value = token;
      form.submit();
    } catch {
      setPending(false);
      setProblem("Store Admin could not start signing in. Reload the page and try again.");
    }
  }

  return (
    <form method="post" action="/api/auth/signin/store" onSubmit={onSubmit}>
      <input ref={csrfInput} type="hidden" name="csrfToken" defaultValue="" />
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <button
        type="submit"
        className={buttonClasses("primary", "w-full")}
        disabled={pending || !hydrated}
        aria-describedby="sign-in-hint"
      >
        Sign in with your store
      </button>
      <p id="sign-in-hint" className="mt-3 text-sm text-fg-muted">
        {pending
          ? "Opening your store’s sign-in page…"
          : "You sign in on your store’s own page, then choose what Store Admin may do."}
      </p>
      {problem ? (
        <p role="alert" className="mt-3 text-sm font-medium text-danger">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
