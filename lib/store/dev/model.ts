/**
 * A message of the store's development outbox (GET /dev/outbox, an extension
 * of the bundled store in development mode: docs/contract.md#modes). Safe
 * anywhere; read in ./api.ts.
 */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  /** The plain-text body: what the mail page shows, with its links made clickable. */
  text: string;
  /** When the store queued it. */
  created: Date;
}

/** The http(s) links of a mail's text, in order, for the page to offer as buttons. */
export function linksIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0].replace(/[.,;:!?]+$/, ""));
}
