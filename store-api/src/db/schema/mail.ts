import { pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/** Every email the store sends; delivered by SMTP when configured. */
export const outbox = pgTable("outbox", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  createdAt: createdAt(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  lastError: text("last_error"),
});
