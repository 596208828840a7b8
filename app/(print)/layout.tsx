import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { getSessionView } from "@/lib/session";

/**
 * Pages made to be printed (the packing slips: docs/architecture.md#printing):
 * the document alone, without the dashboard's shell, so that the paper holds
 * nothing but what it is for; each page has its own way back.
 */
export default async function PrintLayout({ children }: { children: ReactNode }) {
  // proxy.ts already sends signed-out visitors away (with their callbackUrl); this is the belt to its braces.
  if (!(await getSessionView())) redirect("/signin");
  return (
    <main
      id="main"
      tabIndex={-1}
      className="mx-auto max-w-3xl px-4 py-6 -outline-offset-3 sm:px-6 md:py-10 print:max-w-none print:p-0"
    >
      {children}
    </main>
  );
}
