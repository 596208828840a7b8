import ExternalLink from "lucide-react/icons/external-link";
import Inbox from "lucide-react/icons/inbox";
import RefreshCw from "lucide-react/icons/refresh-cw";
import type { Metadata } from "next";
import Link from "next/link";
import DashboardNotFound from "@/app/(dashboard)/not-found";
import { devPagesOpenTo } from "@/components/shell/dev-links";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/session";
import { listOutbox } from "@/lib/store/dev/api";
import { type OutboxMail, linksIn } from "@/lib/store/dev/model";
import { loadFromStore } from "@/lib/store/load";

/** Named as what it shows: the page, or Page not found to whoever may not see it. */
export async function generateMetadata(): Promise<Metadata> {
  const session = await requireSession("/dev/mail");
  return { title: devPagesOpenTo(session.permissions) ? "Mail" : "Page not found" };
}

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

/** What a link of a mail is for, in words: set-password links lead to the store's page. */
function linkLabel(href: string): string {
  try {
    const { pathname } = new URL(href);
    if (pathname.endsWith("/account/set-password")) return "Open the set-password page";
  } catch {
    // linksIn only gives http(s) URLs; a malformed one still gets the plain label.
  }
  return "Open link";
}

function MailCard({ mail }: { mail: OutboxMail }) {
  const headingId = `mail-${mail.id}-subject`;
  const links = [...new Set(linksIn(mail.text))];
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-border bg-surface shadow-sm">
      <header className="border-b border-border px-4 py-3 sm:px-5">
        <h2 id={headingId} className="font-semibold break-words text-fg">
          {mail.subject || "(no subject)"}
        </h2>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
          <div className="flex min-w-0 gap-1">
            <dt>To</dt>
            <dd className="font-medium break-all text-fg">{mail.to}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Queued</dt>
            <dd>
              <time dateTime={mail.created.toISOString()}>{when.format(mail.created)}</time>
            </dd>
          </div>
        </dl>
      </header>
      <pre className="px-4 py-3 font-sans text-sm wrap-anywhere whitespace-pre-wrap text-fg sm:px-5">{mail.text}</pre>
      {links.length > 0 ? (
        <ul aria-label="Links in this mail" className="space-y-2 border-t border-border px-4 py-3 sm:px-5">
          {links.map((href, index) => {
            const urlId = `mail-${mail.id}-link-${index}`;
            return (
              <li key={href} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-describedby={urlId}
                  className={buttonClasses("secondary", "shrink-0 self-start", "sm")}
                >
                  {linkLabel(href)}
                  <ExternalLink aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
                <span id={urlId} className="min-w-0 font-mono text-xs break-all text-fg-muted">
                  {href}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </article>
  );
}

/**
 * Development only (lib/dev-pages.ts), for someone who may manage users: the
 * mail the store would have sent (its outbox, docs/contract.md#modes), so an
 * invitation can be followed without a mail server.
 */
export default async function DevMailPage() {
  const session = await requireSession("/dev/mail");
  // Not notFound(): thrown after the page has started streaming (inside loading.tsx's Suspense
  // boundary, once the session was awaited), it reaches the browser as React error #419 and a
  // client-side render. The same page, rendered here, says the same without an error.
  if (!devPagesOpenTo(session.permissions)) return <DashboardNotFound />;
  const outbox = await loadFromStore("/dev/mail", listOutbox);

  const header = (
    <PageHeader
      title="Mail"
      description="What the store has sent while in development: invitations and order notifications. None of it left this machine."
      actions={
        <Link href="/dev/mail" prefetch={false} className={buttonClasses("secondary")}>
          <RefreshCw aria-hidden="true" />
          Refresh
        </Link>
      }
    />
  );

  if (!outbox.ok) {
    return (
      <>
        {header}
        <StoreProblemNotice problem={outbox.problem} retryHref="/dev/mail" />
      </>
    );
  }

  if (outbox.data === null) {
    return (
      <>
        {header}
        <Notice tone="info" title="This store shows no outbox">
          The bundled store lists the mail it would send only in development mode, and only to a dashboard on the same
          machine. A store in production mode, or another store, sends its mail through its own mail server: look for it
          in the recipient&apos;s inbox.
        </Notice>
      </>
    );
  }

  const mails = [...outbox.data].sort((a, b) => b.created.getTime() - a.created.getTime());
  return (
    <>
      {header}
      {mails.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No mail yet"
          action={
            <Link href="/users/invite" className={buttonClasses("primary")}>
              Invite user
            </Link>
          }
        >
          When you invite someone, the invitation shows up here.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-fg-muted">
            {mails.length === 1 ? "1 mail" : `${mails.length} mails`}, newest first.
          </p>
          {mails.map((mail) => (
            <MailCard key={mail.id} mail={mail} />
          ))}
        </div>
      )}
    </>
  );
}
