import Lock from "lucide-react/icons/lock";

/**
 * Said where a person would look to rename or delete a tax group: the Store
 * Management API has no PUT or DELETE of a tax group (docs/contract.md#tax),
 * so Store Admin cannot do either. Said, not hidden.
 */
export function FixedGroupNote({ className }: { className?: string }) {
  return (
    <p
      className={`flex max-w-sm items-start gap-2 rounded-md border border-info-border bg-info-soft px-3 py-2 text-sm text-info-soft-fg ${className ?? ""}`}
    >
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>
        This group cannot be renamed or deleted here: the Store Management API has no way to do either. Use your
        store&apos;s own admin for that.
      </span>
    </p>
  );
}
