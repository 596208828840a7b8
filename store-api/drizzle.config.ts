import { defineConfig } from "drizzle-kit";

// `npm run -w store-api db:generate` writes a new SQL migration into ./drizzle
// from the schema; the server applies pending migrations at start.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema/index.ts",
  out: "./drizzle",
});
