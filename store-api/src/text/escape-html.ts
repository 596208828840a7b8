/**
 * Text made safe inside HTML (an element's content or a quoted attribute):
 * the store's pages (pages/html.ts) and the HTML part of its e-mails
 * (users/welcome.ts, orders/mail.ts) write every value through it.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
