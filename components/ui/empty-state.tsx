import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export interface EmptyStateProps {
  icon?: LucideIcon;
  /** What is missing, plainly: "No coupons yet". */
  title: string;
  /** Why it matters or what to do next, in a sentence. */
  children?: ReactNode;
  /** The one way forward: usually a primary link or button. */
  action?: ReactNode;
  /**
   * The title's element: a `p` inside a page that has its heading (a list's
   * empty state), `h1` when the state is all the page has (no access, a 404),
   * `h2` under a page heading.
   */
  as?: "p" | "h1" | "h2";
  className?: string;
}

/** What a list shows when it has nothing (or a search found nothing), with the way forward. */
export function EmptyState({ icon: Icon, title, children, action, as: Title = "p", className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-lg border border-dashed border-border-strong bg-surface px-6 py-10 text-center",
        className,
      )}
    >
      {Icon ? (
        <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-fg">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      ) : null}
      <Title className={cn("font-semibold text-fg", Title === "h1" && "text-lg")}>{title}</Title>
      {children ? <div className="mt-1 max-w-md text-sm text-fg-muted">{children}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
