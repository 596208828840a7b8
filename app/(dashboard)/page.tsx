import Lock from "lucide-react/icons/lock";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { sectionAccess } from "@/lib/navigation";
import { requireSession } from "@/lib/session";
import { permissionLabel } from "@/lib/store/users/model";

export const metadata: Metadata = { title: "Home" };

/**
 * Home: a card per section (lib/navigation.ts). Sections the user lacks the
 * permission for are listed muted with the reason, not as links.
 */
export default async function HomePage() {
  const session = await requireSession("/");
  const sections = sectionAccess(session.permissions);

  return (
    <>
      <PageHeader title="Home" description="Choose what to work on." />
      {session.permissions === null ? (
        <p className="mb-4 text-sm text-fg-muted">
          Your store does not say which permissions you have, so every section is listed; the store decides when you
          open one.
        </p>
      ) : null}
      <ul aria-label="Sections" className="grid gap-4 sm:grid-cols-2">
        {sections.map(({ path, label, description, icon: Icon, permission, allowed }) => {
          const aboutId = `section${path.replace(/\//g, "-")}-about`;
          return allowed ? (
            <li
              key={path}
              className="relative rounded-lg border border-border bg-surface p-4 shadow-sm transition-colors hover:border-primary"
            >
              <div className="flex items-center gap-3">
                <Icon aria-hidden="true" className="size-5 shrink-0 text-accent" />
                {/* The whole card is the link's target; its name stays the section's. */}
                <Link
                  href={path}
                  aria-describedby={aboutId}
                  className="font-semibold text-fg after:absolute after:inset-0 after:rounded-lg"
                >
                  {label}
                </Link>
              </div>
              <p id={aboutId} className="mt-1 text-sm text-fg-muted">
                {description}
              </p>
            </li>
          ) : (
            <li
              key={path}
              className="rounded-lg border border-dashed border-border-strong bg-surface-muted p-4 text-fg-muted"
            >
              <div className="flex items-center gap-3">
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <p className="font-semibold">{label}</p>
              </div>
              <p className="mt-1 text-sm">{description}</p>
              <p className="mt-2 flex items-center gap-2 text-sm font-medium text-fg-muted">
                <Lock aria-hidden="true" className="size-4 shrink-0" />
                Needs the {permissionLabel(permission)} permission.
              </p>
            </li>
          );
        })}
      </ul>
    </>
  );
}
