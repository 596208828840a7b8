import Link from "next/link";
import { signInPath } from "@/lib/callback-path";
import type { StoreProblem } from "@/lib/store/errors";
import { buttonClasses } from "./ui/button";
import { Notice } from "./ui/notice";

/** A store failure a page could not get past, told so the user can act. */
export function StoreProblemNotice({ problem, retryHref }: { problem: StoreProblem; retryHref: string }) {
  if (problem.code === "store_unreachable") {
    return (
      <Notice role="alert" tone="warning" title="The store is not answering">
        <p>{problem.message}</p>
        <Link href={retryHref} className={buttonClasses("secondary", "mt-3")} prefetch={false}>
          Try again
        </Link>
      </Notice>
    );
  }
  if (problem.code === "insufficient_scope") {
    return (
      <Notice role="alert" tone="error" title="Store Admin lacks access">
        <p>{problem.message}</p>
        <Link
          href={signInPath(retryHref, "SessionExpired")}
          className={buttonClasses("secondary", "mt-3")}
          prefetch={false}
        >
          Sign in again
        </Link>
      </Notice>
    );
  }
  if (problem.status === 403) {
    return (
      <Notice role="alert" tone="error" title="Not allowed">
        <p>{problem.message}</p>
        <p className="mt-1">Ask the store&apos;s owner to grant it, then sign in again.</p>
      </Notice>
    );
  }
  return (
    <Notice role="alert" tone="error" title="The store could not answer">
      <p>{problem.message}</p>
      <Link href={retryHref} className={buttonClasses("secondary", "mt-3")} prefetch={false}>
        Try again
      </Link>
    </Notice>
  );
}
