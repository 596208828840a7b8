export default function Loading() {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <p className="text-sm font-medium text-fg-muted">Loading…</p>
      <div aria-hidden="true" className="h-8 w-48 animate-pulse rounded bg-surface-hover" />
      <div aria-hidden="true" className="h-24 animate-pulse rounded bg-surface-hover" />
    </div>
  );
}
