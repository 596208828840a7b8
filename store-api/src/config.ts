import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const envSchema = z.object({
  STORE_API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  STORE_API_HOST: z.string().default("127.0.0.1"),
  STORE_API_DATA_DIR: z.string().default(".data/store"),
  STORE_API_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STORE_API_MODE: z.enum(["development", "production"]).default("development"),
  STORE_API_RATE_LIMIT: z.coerce.number().min(0).default(40),
  STORE_API_TRUST_PROXY: bool.default(false),
  STORE_API_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  STORE_NAME: z.string().min(1).default("Demo Store"),
  STORE_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be an ISO 4217 code such as USD")
    .default("USD"),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Store <no-reply@store.localhost>"),
});

export interface StoreConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The address people and apps reach the store at (links in e-mails). */
  publicUrl: string;
  mode: "development" | "production";
  /** Requests per second per token; 0 turns the limit off. Bursts to twice this. */
  rateLimit: number;
  trustProxy: boolean;
  logLevel: string;
  storeName: string;
  currency: string;
  smtpUrl: string | undefined;
  mailFrom: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Reads the store's configuration from the environment, failing fast with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid store configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    port: e.STORE_API_PORT,
    host: e.STORE_API_HOST,
    dataDir: e.STORE_API_DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    publicUrl: (e.STORE_API_PUBLIC_URL ?? `http://localhost:${e.STORE_API_PORT}`).replace(/\/+$/, ""),
    mode: e.STORE_API_MODE,
    rateLimit: e.STORE_API_RATE_LIMIT,
    trustProxy: e.STORE_API_TRUST_PROXY,
    logLevel: e.STORE_API_LOG_LEVEL,
    storeName: e.STORE_NAME,
    currency: e.STORE_CURRENCY,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
  };
}

/** A configuration for tests and tools: defaults plus overrides, no environment. */
export function testConfig(overrides: Partial<StoreConfig> = {}): StoreConfig {
  return { ...loadConfig({}), logLevel: "silent", rateLimit: 0, ...overrides };
}
