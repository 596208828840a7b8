import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { users } from "./users.js";

/** Registered OAuth applications. The secret is kept only as a SHA-256 hash. */
export const oauthClients = pgTable("oauth_clients", {
  clientId: text("client_id").primaryKey(),
  name: text("name").notNull(),
  secretHash: text("secret_hash").notNull(),
  redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
  scopes: jsonb("scopes").$type<string[]>().notNull(),
  createdAt: createdAt(),
});

/**
 * One grant per authorization a user gave an application. Access and refresh
 * tokens hang off it, so revoking the grant revokes the whole token family
 * (sign-out, code replay, refresh-token replay).
 */
export const oauthGrants = pgTable(
  "oauth_grants",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    clientId: text("client_id")
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    scope: text("scope").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("oauth_grants_user_idx").on(t.userId)],
);

export const oauthCodes = pgTable("oauth_codes", {
  codeHash: text("code_hash").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => oauthClients.clientId, { onDelete: "cascade" }),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  redirectUri: text("redirect_uri").notNull(),
  scope: text("scope").notNull(),
  codeChallenge: text("code_challenge"),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  /** The grant the first exchange created: revoked if the code is replayed. */
  grantId: bigint("grant_id", { mode: "number" }),
});

export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    kind: text("kind", { enum: ["access", "refresh"] }).notNull(),
    /** The token's scope: the grant's, or narrower after a refresh that asked for less. */
    scope: text("scope").notNull(),
    grantId: bigint("grant_id", { mode: "number" })
      .notNull()
      .references(() => oauthGrants.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Refresh tokens rotate: a used one presented again revokes the grant. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("oauth_tokens_grant_idx").on(t.grantId)],
);
