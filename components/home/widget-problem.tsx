import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import type { StoreProblem } from "@/lib/store/model";

/**
 * Why a widget of the home page shows nothing, in one sentence, without
 * taking the rest of the page with it. A refusal (403: the store says this
 * user may not see it) is quiet, a line of muted text: it is not an outage
 * and nothing can be retried. Any other failure is a warning with the
 * store's sentence (lib/store/errors.ts) and a way to try again.
 */
export function WidgetProblem({ problem, refusal }: { problem: StoreProblem; refusal: string }) {
  if (problem.status === 403) return <p className="text-sm text-fg-muted">{refusal}</p>;
  return (
    <Notice tone="warning">
      {problem.message}{" "}
      <Link href="/" prefetch={false} className="font-medium underline underline-offset-4">
        Try again
      </Link>
    </Notice>
  );
}
