import "server-only";
import { z } from "zod";
import type { StoreClient } from "../client";
import { StoreNotFoundError } from "../errors";
import type { OutboxMail } from "./model";

const outboxSchema = z.array(
  z.looseObject({
    id: z.union([z.number(), z.string()]),
    to: z.string(),
    subject: z.string(),
    text: z.string().default(""),
    created: z.number(),
  }),
);

/**
 * The mail the store has "sent" (kept in its outbox when it has no SMTP
 * server), newest first; null when the store offers no outbox (production
 * mode, another store, or the dashboard not on the store's machine: the
 * store shows it to loopback clients only). Read with the user's token, like
 * every store call: the store shows it only to a user with manage_users (the
 * Mail page's own rule, components/shell/dev-links.ts), a 403 otherwise.
 */
export async function listOutbox(store: StoreClient): Promise<OutboxMail[] | null> {
  try {
    const mails = await store.request({ path: "/dev/outbox", schema: outboxSchema });
    return mails.map((m) => ({
      id: String(m.id),
      to: m.to,
      subject: m.subject,
      text: m.text,
      created: new Date(m.created * 1000),
    }));
  } catch (error) {
    if (error instanceof StoreNotFoundError) return null;
    throw error;
  }
}
