import { desc } from "drizzle-orm";
import type { Queryable } from "../db/index.js";
import { outbox } from "../db/schema/index.js";

export type MailRow = typeof outbox.$inferSelect;

/** The latest mail the store has sent or queued, newest first. */
export async function listOutbox(q: Queryable, limit = 200): Promise<MailRow[]> {
  return q.select().from(outbox).orderBy(desc(outbox.id)).limit(limit);
}
