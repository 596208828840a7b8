import type { ReactNode } from "react";

const tones = {
  error: "border-red-300 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  success: "border-green-300 bg-green-50 text-green-900",
  info: "border-brand-100 bg-brand-50 text-brand-800",
} as const;

export interface NoticeProps {
  tone?: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  /** alert interrupts a screen reader; status waits its turn. */
  role?: "alert" | "status";
  className?: string;
}

export function Notice({ tone = "info", title, children, role, className = "" }: NoticeProps) {
  return (
    <div role={role} className={`rounded-md border px-4 py-3 text-sm ${tones[tone]} ${className}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
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
