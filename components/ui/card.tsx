import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** A section with a heading (h2), or a plain box without. */
  title?: string;
  description?: ReactNode;
  /** Beside the title: a link or small button. */
  actions?: ReactNode;
}

/**
 * A surface for one part of a page: a form, a group of settings, a summary.
 * With a title it is a `<section>` named by its heading.
 */
export function Card({ title, description, actions, className, children, id, ...props }: CardProps) {
  const headingId = title && id ? `${id}-heading` : undefined;
  const body = (
    <>
      {title ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-fg">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-fg-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </>
  );
  const classes = cn("rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-6", className);
  return title ? (
    <section id={id} aria-labelledby={headingId} className={classes} {...props}>
      {body}
    </section>
  ) : (
    <div id={id} className={classes} {...props}>
      {body}
    </div>
  );
}
