"use client";

import Lock from "lucide-react/icons/lock";
import { useParams } from "next/navigation";

/**
 * Said where a person would look to rename or delete a tax group: the Store
 * Management API has no PUT or DELETE of a tax group (docs/contract.md#tax),
 * so Store Admin cannot do either. Said for staff, in a sentence, with the way
 * out: whoever runs the store. The bundled store's commands (README: the
 * store's command line) are for that person, behind a disclosure, each on a
 * line of its own that never wraps mid-command (it scrolls instead). The
 * dashboard cannot tell the bundled store from another one, so the commands
 * say which store they are for. The group's id comes from the page's address
 * (/tax/[id]), so they can be copied as they are.
 */
export function FixedGroupNote({ className }: { className?: string }) {
  const { id } = useParams<{ id: string }>();
  const commands = [
    `npm run store -- tax-group rename --id ${id} --name "New name"`,
    `npm run store -- tax-group delete --id ${id}`,
  ];
  return (
    <div
      className={`flex max-w-sm items-start gap-2 rounded-md border border-info-border bg-info-soft px-3 py-2 text-sm text-info-soft-fg ${className ?? ""}`}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p>
          This group cannot be renamed or deleted here: the store does not offer it to apps like this one. Whoever runs
          your store can do it with the store&apos;s own tools.
        </p>
        <details className="mt-1">
          <summary className="cursor-pointer underline underline-offset-2">For whoever runs the store</summary>
          <p className="mt-1">With the store that comes with Store Admin, while it is stopped:</p>
          <ul className="mt-1 space-y-1">
            {commands.map((command) => (
              <li key={command}>
                <code className="block overflow-x-auto whitespace-nowrap font-mono text-xs">{command}</code>
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  );
}
