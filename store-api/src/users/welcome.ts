import type { Queryable } from "../db/index.js";
import type { Mailer } from "../mail/mailer.js";
import { escapeHtml } from "../text/escape-html.js";
import { createPasswordLink, PASSWORD_LINK_DAYS } from "./password-links.js";
import type { UserRow } from "./row.js";

/** What a mail with a set-password link needs to know about the store. */
export interface LinkMailSettings {
  mailer: Mailer;
  publicUrl: string;
  storeName: string;
  /** Where to sign in afterwards (STORE_DASHBOARD_URL); the line is left out without it. */
  dashboardUrl?: string | undefined;
}

/** One paragraph of a mail, as plain text and as HTML. */
interface Paragraph {
  text: string;
  html: string;
}

const para = (text: string, html = escapeHtml(text)): Paragraph => ({ text, html });

/**
 * Mints a fresh single-use link for the user and queues a mail around it, in
 * the caller's transaction: the link exists only if the mail is queued.
 */
async function sendLinkMail(
  q: Queryable,
  user: UserRow,
  s: LinkMailSettings,
  mail: { subject: string; before: Paragraph[]; action: string; after: Paragraph[] },
) {
  const token = await createPasswordLink(q, user.id);
  const link = `${s.publicUrl}/account/set-password?token=${encodeURIComponent(token)}`;
  const validity = `the link works once, for ${PASSWORD_LINK_DAYS} days`;
  const linkParagraph = para(
    `${mail.action} here (${validity}):\n${link}`,
    `<a href="${escapeHtml(link)}">${escapeHtml(mail.action)}</a> (${validity}).`,
  );
  const signIn = s.dashboardUrl
    ? [
        para(
          // No full stop after the bare URL: mail programs would take it into the link.
          `Then sign in to Store Admin at ${s.dashboardUrl}`,
          `Then sign in to Store Admin at <a href="${escapeHtml(s.dashboardUrl)}">${escapeHtml(s.dashboardUrl)}</a>.`,
        ),
      ]
    : [];
  const paragraphs = [...mail.before, linkParagraph, ...signIn, ...mail.after];
  await s.mailer.enqueue(q, {
    to: user.email,
    subject: mail.subject,
    text: `${paragraphs.map((p) => p.text).join("\n\n")}\n`,
    html: paragraphs.map((p) => `<p>${p.html}</p>`).join(""),
  });
}

/**
 * The contract's "password-setting welcome email" for users created without a
 * password, and the fresh invitation an administrator sends again
 * (docs/contract.md#users).
 */
export async function sendWelcome(q: Queryable, user: UserRow, s: LinkMailSettings) {
  await sendLinkMail(q, user, s, {
    subject: `You have been invited to ${s.storeName}`,
    before: [para(`You have been given a staff account at ${s.storeName}, for ${user.email}.`)],
    action: "Set your password",
    after: [para("If you did not expect this invitation, you can ignore this email.")],
  });
}

/**
 * The password-reset mail: an administrator asked for it (POST
 * /users/{id}/password_reset). The current password keeps working until the
 * link is used (docs/contract.md#users).
 */
export async function sendPasswordReset(q: Queryable, user: UserRow, s: LinkMailSettings) {
  await sendLinkMail(q, user, s, {
    subject: `Reset your password for ${s.storeName}`,
    before: [
      para(
        `A store administrator sent you a link to choose a new password for your staff account at ${s.storeName} (${user.email}).`,
      ),
    ],
    action: "Choose a new password",
    after: [
      para("Your current password keeps working until you use the link."),
      para("If you did not expect this email, ignore it: nothing changes."),
    ],
  });
}
