import Link from "next/link";
import { signInPath } from "@/lib/callback-path";
import type { StoreProblem } from "@/lib/store/model";
import { buttonClasses } from "./ui/button";
import { Notice } from "./ui/notice";

/**
 * A store failure a page could not get past, told so the person can act: what
 * happened (the lib's sentence, e.g. "No user with id 42. It may have been
 * deleted.") and the one way forward. Refusals are not outages: their titles
 * say what the store said, not that it "could not answer".
 */
export function StoreProblemNotice({
  problem,
  retryHref,
  back,
}: {
  problem: StoreProblem;
  retryHref: string;
  /** Where to go instead, for what trying again will not fix (a 404): "Back to users". */
  back?: { href: string; label: string };
}) {
  const backLink = back ? (
    <Link href={back.href} className={buttonClasses("secondary", "mt-3")}>
      {back.label}
    </Link>
  ) : null;
  const retry = (
    <Link href={retryHref} className={buttonClasses("secondary", "mt-3")} prefetch={false}>
      Try again
    </Link>
  );

  if (problem.code === "store_unreachable") {
    return (
      <Notice role="alert" tone="warning" title="The store is not answering">
        <p>{problem.message}</p>
        {retry}
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
        <p className="mt-1">Ask someone who manages your store to give you access, then sign in again.</p>
        {backLink}
      </Notice>
    );
  }
  if (problem.status === 404) {
    return (
      <Notice role="alert" tone="warning" title="Not found">
        <p>{problem.message}</p>
        {backLink}
      </Notice>
    );
  }
  if (problem.status >= 400 && problem.status < 500) {
    return (
      <Notice role="alert" tone="error" title="The store refused this">
        <p>{problem.message}</p>
        <div className="flex flex-wrap gap-2">
          {retry}
          {backLink}
        </div>
      </Notice>
    );
  }
  return (
    <Notice role="alert" tone="error" title="The store could not answer">
      <p>{problem.message}</p>
      <div className="flex flex-wrap gap-2">
        {retry}
        {backLink}
      </div>
    </Notice>
  );
}
