import ArrowLeft from "lucide-react/icons/arrow-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Link from "next/link";
import type { ReactNode } from "react";

export interface Crumb {
  label: string;
  href: string;
}

export interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** The page's main actions: a primary button or link first. */
  actions?: ReactNode;
  /** The way up: "Users" on a user's page. Shown as a back link. */
  back?: Crumb;
  /** The path down to this page, for pages deeper than one level (the page itself not included). */
  breadcrumb?: Crumb[];
}

/** The top of every page: where you are (h1), what it is for, what you can do. */
export function PageHeader({ title, description, actions, back, breadcrumb }: PageHeaderProps) {
  return (
    <div className="mb-6">
      {breadcrumb?.length ? (
        <nav aria-label="Breadcrumb" className="mb-2">
          <ol className="flex flex-wrap items-center gap-1 text-sm text-fg-muted">
            {breadcrumb.map((crumb) => (
              <li key={crumb.href} className="flex items-center gap-1">
                <Link href={crumb.href} className="rounded-sm underline-offset-4 hover:text-fg hover:underline">
                  {crumb.label}
                </Link>
                <ChevronRight aria-hidden="true" className="size-3.5" />
              </li>
            ))}
          </ol>
        </nav>
      ) : back ? (
        <Link
          href={back.href}
          className="mb-2 inline-flex items-center gap-1 rounded-sm text-sm font-medium text-fg-muted underline-offset-4 hover:text-fg hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-fg">{title}</h1>
          {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}
