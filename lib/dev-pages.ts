/**
 * Development pages (the component gallery at /dev/ui, the mail outbox) exist
 * in `next dev`, and in a production build only when DASHBOARD_DEV_PAGES=1
 * (the e2e run sets it). Elsewhere they answer 404.
 */
export function devPagesEnabled(): boolean {
  return process.env.NODE_ENV !== "production" || process.env.DASHBOARD_DEV_PAGES === "1";
}
