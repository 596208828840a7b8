import Lock from "lucide-react/icons/lock";
import Link from "next/link";
import { home, permissionNeeded, type Section } from "@/lib/navigation";
import { buttonClasses } from "./ui/button";
import { EmptyState } from "./ui/empty-state";

/**
 * What a section's page shows to someone without its permission, in words
 * (never the permission's API name): what they cannot do, who can help, and
 * the way Home. Its title is the page's h1: it is all the page has.
 */
export function NoAccess({ section, storeName }: { section: Section; storeName: string }) {
  const what = permissionNeeded(section);
  return (
    <EmptyState
      as="h1"
      icon={Lock}
      title={`You can't ${what}`}
      action={
        <Link href={home.path} className={buttonClasses("primary")}>
          Go to {home.label}
        </Link>
      }
    >
      Ask someone who can {what} in {storeName} to give you access.
    </EmptyState>
  );
}
