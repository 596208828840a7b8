import Lock from "lucide-react/icons/lock";
import Link from "next/link";
import { home, permissionNeeded, type Section } from "@/lib/navigation";
import { buttonClasses } from "./ui/button";

/**
 * What a section's page shows to someone without its permission, in words
 * (never the permission's API name): what they cannot do, who can help, and
 * the way Home. The look of `EmptyState` (components/ui/empty-state.tsx), but
 * with the page's h1: it is all the page has.
 */
export function NoAccess({ section, storeName }: { section: Section; storeName: string }) {
  const what = permissionNeeded(section);
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-border-strong bg-surface px-6 py-10 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-soft-fg">
        <Lock aria-hidden="true" className="size-6" />
      </span>
      <h1 className="text-lg font-semibold text-fg">You can&apos;t {what}</h1>
      <p className="mt-1 max-w-md text-sm text-fg-muted">
        Ask someone who can {what} in {storeName} to give you access.
      </p>
      <div className="mt-5">
        <Link href={home.path} className={buttonClasses("primary")}>
          Go to {home.label}
        </Link>
      </div>
    </div>
  );
}
