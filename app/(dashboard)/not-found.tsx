import FileQuestion from "lucide-react/icons/file-question";
import House from "lucide-react/icons/house";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/**
 * An unknown address (the catch-all [...missing]) or a page that called
 * notFound(), inside the shell: the navigation is right there.
 */
export default function DashboardNotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={FileQuestion}
        title="There is nothing at this address"
        action={
          <Link href="/" className={buttonClasses("primary")}>
            <House aria-hidden="true" />
            Go to Home
          </Link>
        }
      >
        The link may be mistyped or out of date. Pick a section from the menu, or start from Home.
      </EmptyState>
    </>
  );
}
