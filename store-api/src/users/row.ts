import type { users } from "../db/schema/index.js";

/**
 * A user as stored: beneath everything users/ does with one (its rules in users.ts, its set-password
 * links, its mails), so that those read it without reading each other.
 */
export type UserRow = typeof users.$inferSelect;
