import House from "lucide-react/icons/house";
import Link from "next/link";
import { sectionAt } from "@/lib/navigation";
import { buttonClasses } from "./ui/button";
import { EmptyState } from "./ui/empty-state";
import { PageHeader } from "./ui/page-header";

export interface ComingSoonProps {
  /** The section's path in lib/navigation.ts: its label, icon and description. */
  path: string;
  /** "Orders are on their way". */
  headline: string;
  /** What Store Admin will do there: "list, fulfil and cancel your orders". */
  what: string;
}

/** A section the navigation names but Store Admin does not manage yet. */
export function ComingSoon({ path, headline, what }: ComingSoonProps) {
  const section = sectionAt(path);
  return (
    <>
      <PageHeader title={section?.label ?? headline} description={section?.description} />
      <EmptyState
        icon={section?.icon}
        title={headline}
        action={
          <Link href="/" className={buttonClasses("secondary")}>
            <House aria-hidden="true" />
            Go to Home
          </Link>
        }
      >
        Store Admin will {what} here. Until then, use your store&apos;s own admin.
      </EmptyState>
    </>
  );
}
