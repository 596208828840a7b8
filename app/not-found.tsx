import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="mt-2 text-sm text-fg-muted">There is nothing at this address in Store Admin.</p>
      <Link href="/" className={buttonClasses("secondary", "mt-6")}>
        Go to Home
      </Link>
    </main>
  );
}
