import ArrowRight from "lucide-react/icons/arrow-right";
import KeyRound from "lucide-react/icons/key-round";
import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { visibleSections } from "@/lib/navigation";
import { requireSession } from "@/lib/session";

export const metadata: Metadata = { title: "Home" };

/**
 * Home: a greeting and a card for each section the user may use
 * (lib/navigation.ts). What they may not use is not shown at all.
 */
export default async function HomePage() {
  const session = await requireSession("/");
  const sections = visibleSections(session.permissions);

  return (
    <>
      <PageHeader
        title={`Welcome to ${session.storeName}`}
        description={sections.length > 0 ? "Choose what to work on." : `Signed in as ${session.signedInAs}.`}
      />
      {session.permissions === null ? (
        <p className="mb-4 text-sm text-fg-muted">
          Your store does not tell Store Admin what you may do, so every section is listed. The store decides what you
          may open.
        </p>
      ) : null}
      {sections.length === 0 ? (
        <EmptyState icon={KeyRound} title="Nothing to open yet">
          Your store account may not use any section of Store Admin. Ask the store&apos;s owner to give you access to
          what you work on, then sign out and in again.
        </EmptyState>
      ) : (
        <ul aria-label="Sections" className="grid gap-4 sm:grid-cols-2">
          {sections.map(({ path, label, description, icon: Icon }) => {
            const aboutId = `section${path.replace(/\//g, "-")}-about`;
            return (
              <li
                key={path}
                className="group relative flex gap-4 rounded-lg border border-border bg-surface p-4 shadow-sm transition-colors hover:border-border-strong hover:bg-surface-hover"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-soft-fg">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  {/* The whole card is the link's target; its name stays the section's. */}
                  <Link
                    href={path}
                    aria-describedby={aboutId}
                    className="font-semibold text-fg after:absolute after:inset-0 after:rounded-lg"
                  >
                    {label}
                  </Link>
                  <p id={aboutId} className="mt-1 text-sm text-fg-muted">
                    {description}
                  </p>
                </div>
                <ArrowRight
                  aria-hidden="true"
                  className="mt-0.5 size-4 shrink-0 text-fg-muted transition-transform group-hover:translate-x-0.5"
                />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
