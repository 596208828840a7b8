import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

/** Store-wide settings (name, currency, secrets generated at first start). */
export const storeSettings = pgTable("store_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
