import type { MailRow } from "./outbox.js";

/** An outbox message as GET /dev/outbox shows it (mail/schemas.ts `outboxMessage`). */
export function serializeMail(m: MailRow) {
  return {
    id: m.id,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    created: Math.floor(m.createdAt.getTime() / 1000),
    delivered: m.deliveredAt ? Math.floor(m.deliveredAt.getTime() / 1000) : null,
  };
}
