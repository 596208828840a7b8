import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { users } from "./users.js";

/** The store's own browser sessions (sign-in and consent pages). */
export const webSessions = pgTable("web_sessions", {
  idHash: text("id_hash").primaryKey(),
  userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
  csrfToken: text("csrf_token").notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
