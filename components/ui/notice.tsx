import type { ReactNode } from "react";
import { cn } from "./cn";

const tones = {
  error: "border-danger-border bg-danger-soft text-danger-soft-fg",
  warning: "border-warning-border bg-warning-soft text-warning-soft-fg",
  success: "border-success-border bg-success-soft text-success-soft-fg",
  info: "border-info-border bg-info-soft text-info-soft-fg",
} as const;

export interface NoticeProps {
  tone?: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  /** alert interrupts a screen reader; status waits its turn. */
  role?: "alert" | "status";
  className?: string;
}

/** A message that stays on the page: a problem to act on, a warning, a result. */
export function Notice({ tone = "info", title, children, role, className }: NoticeProps) {
  return (
    <div role={role} className={cn("rounded-md border px-4 py-3 text-sm", tones[tone], className)}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
    </div>
  );
}

/**
 * The message region of a form: always mounted, so that a message put in it
 * is announced by screen readers; shows nothing until there is a message.
 */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return (
    <div role="alert">
      {message ? (
        <Notice tone="error" className="mb-6">
          {message}
        </Notice>
      ) : null}
    </div>
  );
}

/**
 * The message region of a list (users, products, …): always mounted, so that a
 * message put in it is announced. `problem` is what went wrong with the last
 * action on a row; `loadError`, why the list could not be refreshed (the rows
 * shown are then the last ones read).
 */
export function ListAlert({ problem, loadError }: { problem?: string | null; loadError?: string | null }) {
  return (
    <div role="alert">
      {problem ? (
        <Notice tone="error" className="mb-4">
          {problem}
        </Notice>
      ) : null}
      {loadError ? (
        <Notice tone="warning" className="mb-4">
          Could not refresh the list. {loadError}
        </Notice>
      ) : null}
    </div>
  );
}
