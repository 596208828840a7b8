"use client";

import Lock from "lucide-react/icons/lock";
import { useParams } from "next/navigation";

/**
 * Said where a person would look to rename or delete a tax group: the Store
 * Management API has no PUT or DELETE of a tax group (docs/contract.md#tax),
 * so Store Admin cannot do either. Said, not hidden, with the way out: the
 * store's own tools, and for the bundled store its command line (README: the
 * store's command line). The dashboard cannot tell the bundled store from
 * another one, so both are said. The group's id comes from the page's address
 * (/tax/[id]), so the commands can be copied as they are.
 */
export function FixedGroupNote({ className }: { className?: string }) {
  const { id } = useParams<{ id: string }>();
  const command = (rest: string) => (
    <code className="font-mono text-xs break-all">npm run store -- tax-group {rest}</code>
  );
  return (
    <p
      className={`flex max-w-sm items-start gap-2 rounded-md border border-info-border bg-info-soft px-3 py-2 text-sm text-info-soft-fg ${className ?? ""}`}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        This group cannot be renamed or deleted here: the Store Management API has no way to do either. Your
        store&apos;s own tools can. The bundled store, while it is stopped:{" "}
        {command(`rename --id ${id} --name "New name"`)} or {command(`delete --id ${id}`)}.
      </span>
    </p>
  );
}
