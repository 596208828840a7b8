export default function LoadingUsers() {
  return (
    <div role="status" aria-live="polite">
      <h1 className="text-2xl font-semibold tracking-tight">Users</h1>
      <p className="mt-4 text-sm text-fg-muted">Loading users…</p>
      <div aria-hidden="true" className="mt-4 space-y-3">
        <div className="h-24 animate-pulse rounded-lg bg-surface-hover" />
        <div className="h-24 animate-pulse rounded-lg bg-surface-hover" />
      </div>
    </div>
  );
}
