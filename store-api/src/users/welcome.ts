import type { Queryable } from "../db/index.js";
import type { Mailer } from "../mail/mailer.js";
import { escapeHtml } from "../pages/html.js";
import { createPasswordLink, PASSWORD_LINK_DAYS } from "./password-links.js";
import type { UserRow } from "./users.js";

/** The contract's "password-setting welcome e-mail" for users created without a password (docs/contract.md#users). */
export async function sendWelcome(
  q: Queryable,
  user: UserRow,
  w: { mailer: Mailer; publicUrl: string; storeName: string },
) {
  const token = await createPasswordLink(q, user.id);
  const link = `${w.publicUrl}/account/set-password?token=${encodeURIComponent(token)}`;
  await w.mailer.enqueue(q, {
    to: user.email,
    subject: `You have been invited to ${w.storeName}`,
    text:
      `You have been given a staff account at ${w.storeName}.\n\n` +
      `Set your password here (the link works once, for ${PASSWORD_LINK_DAYS} days):\n${link}\n`,
    html:
      `<p>You have been given a staff account at ${escapeHtml(w.storeName)}.</p>` +
      `<p><a href="${escapeHtml(link)}">Set your password</a> (the link works once, for ${PASSWORD_LINK_DAYS} days).</p>`,
  });
}
