import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { isLoopbackHost } from "./auth/loopback.js";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((v) => v === "1" || v === "true" || v === "yes");

/** Image renders (src/media/render-slots.ts). */
export interface RenderSettings {
  /** Renders running at once in the process. */
  concurrency: number;
  /** Renders that may wait for a slot; past them an upload is refused with 503 (a job waits its turn). */
  queue: number;
}

export const RENDER_DEFAULTS: RenderSettings = { concurrency: 1, queue: 8 };

/** Request bodies while they arrive (src/api/body-guard.ts, docs/architecture.md#bodies-in-flight). */
export interface BodySettings {
  /** A body that sends nothing for this long while the store waits for it is cut off (408). */
  idleTimeoutMs: number;
  /** A body not whole this long after the store started reading it is cut off (408). */
  deadlineMs: number;
  /** Bytes of bodies one token (a client address, without one) may have in flight at once; past it, 503. */
  perToken: number;
  /** Bytes of bodies the process may have in flight at once; past it, 503. */
  perProcess: number;
}

const MB = 1024 * 1024;

export const BODY_DEFAULTS: BodySettings = {
  idleTimeoutMs: 20_000,
  deadlineMs: 120_000,
  perToken: 64 * MB,
  perProcess: 256 * MB,
};

/** A number of seconds (or megabytes) from an environment setting, "" being unset. */
function envNumber(what: string, min: number, max: number, fallback: number) {
  const error = `must be a number of ${what} from ${min} to ${max}`;
  return z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number({ error }).min(min, error).max(max, error).default(fallback),
  );
}

/**
 * Where the media files live (src/media/storage.ts): the data folder (the default), or an
 * S3-compatible bucket that every instance of the store shares.
 */
export type MediaStorageSettings =
  | { driver: "local"; publicUrl: string | undefined }
  | {
      driver: "s3";
      bucket: string;
      /** Another S3-compatible service than AWS's (MinIO, R2, a local one); unset: AWS. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's own chain (AWS_ACCESS_KEY_ID…, a role). */
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      /** bucket in the path (`endpoint/bucket/key`), as most S3-compatible services want. */
      forcePathStyle: boolean;
      /** Where the files are public (a CDN or the bucket's URL); unset: the store serves them at /media/. */
      publicUrl: string | undefined;
    };

/**
 * PostgreSQL connections a store process opens at most (STORE_API_DATABASE_POOL).
 * No client holds more than a quarter of them (src/limits/pool-shares.ts).
 */
export const DATABASE_POOL_DEFAULT = 10;

/** STORE_API_JOB_LOCK_SECONDS' bounds (src/jobs/runner.ts renews a running job's lock every third of it). */
export const JOB_LOCK_MIN_SECONDS = 3;
export const JOB_LOCK_MAX_SECONDS = 3600;
const JOB_LOCK_DEFAULT_SECONDS = 120;

const envSchema = z.object({
  STORE_API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  STORE_API_HOST: z.string().default("127.0.0.1"),
  STORE_API_DATA_DIR: z.string().default(".data/store"),
  STORE_API_PUBLIC_URL: z.url().optional(),
  STORE_DASHBOARD_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .url({
        protocol: /^https?$/,
        error: "must be an absolute http:// or https:// URL, such as https://admin.example.com",
      })
      .optional(),
  ),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  STORE_API_MODE: z.enum(["development", "production"]).default("development"),
  STORE_API_RATE_LIMIT: z.coerce.number().min(0).default(40),
  STORE_API_READ_CACHE: bool.default(true),
  STORE_API_MEDIA_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORE_API_MEDIA_PUBLIC_URL: z.url().optional(),
  STORE_API_S3_BUCKET: z.string().optional(),
  STORE_API_S3_ENDPOINT: z.url().optional(),
  STORE_API_S3_REGION: z.string().default("us-east-1"),
  STORE_API_S3_ACCESS_KEY_ID: z.string().optional(),
  STORE_API_S3_SECRET_ACCESS_KEY: z.string().optional(),
  STORE_API_S3_FORCE_PATH_STYLE: bool.optional(),
  STORE_API_TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === "string") {
        ctx.issues.push({ code: "custom", message: parsed, input: value });
        return z.NEVER;
      }
      return parsed;
    }),
  STORE_API_ALLOW_REMOTE_DEV: bool.default(false),
  STORE_API_IMPORT_DIR: z.string().optional(),
  STORE_API_ALLOW_PRIVATE_FETCHES: bool.default(false),
  STORE_API_PASSWORD_COST: z.enum(["owasp", "development"]).default("owasp"),
  STORE_API_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(RENDER_DEFAULTS.concurrency),
  STORE_API_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(RENDER_DEFAULTS.queue),
  STORE_API_DATABASE_POOL: z.coerce.number().int().min(2).max(1000).default(DATABASE_POOL_DEFAULT),
  STORE_API_BODY_IDLE_TIMEOUT: envNumber("seconds", 1, 3600, BODY_DEFAULTS.idleTimeoutMs / 1000),
  STORE_API_BODY_TIMEOUT: envNumber("seconds", 1, 3600, BODY_DEFAULTS.deadlineMs / 1000),
  STORE_API_BODY_MB_PER_TOKEN: envNumber("megabytes", 1, 1_000_000, BODY_DEFAULTS.perToken / MB),
  STORE_API_BODY_MB: envNumber("megabytes", 1, 1_000_000, BODY_DEFAULTS.perProcess / MB),
  STORE_API_SHUTDOWN_TIMEOUT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: "must be a number of seconds, such as 10" })
      .min(0, "must be a number of seconds from 0 to 3600")
      .max(3600, "must be a number of seconds from 0 to 3600")
      .default(10),
  ),
  STORE_API_JOB_LOCK_SECONDS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({
        error: `must be a whole number of seconds from ${JOB_LOCK_MIN_SECONDS} to ${JOB_LOCK_MAX_SECONDS}, such as 120`,
      })
      .int(`must be a whole number of seconds from ${JOB_LOCK_MIN_SECONDS} to ${JOB_LOCK_MAX_SECONDS}`)
      .min(
        JOB_LOCK_MIN_SECONDS,
        `must be a whole number of seconds from ${JOB_LOCK_MIN_SECONDS} to ${JOB_LOCK_MAX_SECONDS} ` +
          "(a running job renews its lock every third of it, so shorter would lose it to a slow database round trip)",
      )
      .max(
        JOB_LOCK_MAX_SECONDS,
        `must be a whole number of seconds from ${JOB_LOCK_MIN_SECONDS} to ${JOB_LOCK_MAX_SECONDS}`,
      )
      .default(JOB_LOCK_DEFAULT_SECONDS),
  ),
  STORE_API_METRICS_PORT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: "must be a port number from 1 to 65535" })
      .int("must be a port number from 1 to 65535")
      .min(1, "must be a port number from 1 to 65535")
      .max(65535, "must be a port number from 1 to 65535")
      .optional(),
  ),
  STORE_API_METRICS_HOST: z.string().min(1).default("127.0.0.1"),
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
  /**
   * The most PostgreSQL connections this process opens (the pool's size); a
   * client holds at most a quarter of them at once (src/limits/pool-shares.ts),
   * on the embedded database too (its open streams).
   */
  databasePool: number;
  /** The address people and apps reach the store at (links in emails). */
  publicUrl: string;
  /**
   * Where staff sign in to the dashboard (Store Admin), when the store knows it:
   * invitation and reset emails, the set-password and sign-out pages point
   * there (docs/contract.md#users). Unset, those lines are left out.
   */
  dashboardUrl: string | undefined;
  mode: "development" | "production";
  /** Requests per second per token; 0 turns the limit off. Bursts to twice this. */
  rateLimit: number;
  /**
   * Keep the catalogue's read answers in memory until the next write
   * (src/api/read-cache.ts); off when several store processes share one PostgreSQL.
   */
  readCache: boolean;
  /**
   * Which hops may set X-Forwarded-* (client address, HTTPS): none (false), every
   * one (true, warned about at start), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** Development mode may listen beyond loopback (it serves /dev/outbox, docs/contract.md#modes). */
  allowRemoteDev: boolean;
  logLevel: string;
  storeName: string;
  currency: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The sign-in throttle and password hashing (docs/contract.md#oauth); tests make them cheaper. */
  signIn: SignInSettings;
  /** The folder whose files a multiple image upload may name (docs/contract.md#uploads). */
  importDir: string;
  /**
   * Image imports and upload callbacks may reach loopback and private
   * addresses (docs/contract.md#uploads): development mode only, off by default.
   */
  allowPrivateFetches: boolean;
  /** The durable background jobs (image imports, callbacks); tests make them quicker. */
  jobs: JobSettings;
  /** Images rendering at once, and waiting (src/media/render-slots.ts). */
  renders: RenderSettings;
  /** How long a request body may take and how many bytes of bodies may be in flight (src/api/body-guard.ts). */
  bodies: BodySettings;
  /** Where media files are kept and served from (src/media/storage.ts). */
  media: MediaStorageSettings;
  /** Prometheus metrics on a listener of their own (src/ops/metrics.ts); undefined: off. */
  metrics: MetricsSettings | undefined;
  /**
   * How long a graceful stop (SIGTERM) waits for requests in flight and running
   * jobs before it cuts them off and exits with a failure status (src/ops/shutdown.ts).
   */
  shutdownTimeoutMs: number;
}

/** Where the metrics listener listens (src/ops/metrics.ts). */
export interface MetricsSettings {
  port: number;
  host: string;
}

export interface JobSettings {
  /** Whether this process runs jobs at all (a test may enqueue and close before any runs). */
  enabled: boolean;
  /** How often an idle worker looks for due jobs (a job enqueued here wakes it at once). */
  pollMs: number;
  /**
   * How long a claim on a job lasts: the worker running it renews it every
   * third of this (src/jobs/runner.ts), so past it unrenewed, the job's process
   * is gone (or stalled) and another instance takes the job
   * (STORE_API_JOB_LOCK_SECONDS, docs/architecture.md#running-at-scale).
   */
  lockMs: number;
  /**
   * Jobs running at once in the process. Many, as they mostly wait on the
   * network: renders have their own cap (media/render-slots.ts), and one origin can
   * hold at most `perOrigin` of them.
   */
  concurrency: number;
  /**
   * Downloads and callbacks with one origin at once in the process; a job whose
   * origin has none free waits without spending an attempt (jobs/runner.ts).
   * Keep `concurrency` well above twice this: two hung hosts then leave workers free.
   */
  perOrigin: number;
  /** The time limit of one download or callback, headers to last byte, redirects included. */
  fetchTimeoutMs: number;
}

export const JOB_DEFAULTS: JobSettings = {
  enabled: true,
  pollMs: 1000,
  lockMs: JOB_LOCK_DEFAULT_SECONDS * 1000,
  concurrency: 8,
  perOrigin: 2,
  fetchTimeoutMs: 30 * 1000,
};

export interface SignInSettings {
  /** Length of every throttle window. */
  windowMs: number;
  /** Password checks per email and client address per window. */
  perEmailAndAddress: number;
  /** Password checks per client address per window, whatever the email. */
  perAddress: number;
  /** Failed sign-ins store-wide per window before the brake engages. */
  storeWide: number;
  /** While braked, password checks store-wide per second. */
  brakedPerSecond: number;
  /** log2 of scrypt's N (r=8, p=1): 17 is OWASP's. */
  scryptLogN: number;
  /** Password hashes running at once in the process. */
  maxHashes: number;
  /** Sign-ins that may wait for a hash slot; past them the store answers 503. */
  maxWaitingHashes: number;
  /** How often expired sessions and throttle records are deleted. */
  purgeEveryMs: number;
}

/**
 * scrypt's log2 N with STORE_API_PASSWORD_COST=development (development mode only): 4 MiB and a few
 * milliseconds a hash instead of OWASP's 128 MiB and half a second, for stores whose passwords are throwaway
 * (the e2e tests' stores sign in hundreds of times). A hash made at this cost is upgraded at its owner's next
 * sign-in once the store runs at OWASP's again (secrets.ts `needsRehash`).
 */
export const DEVELOPMENT_SCRYPT_LOG_N = 12;

export const SIGN_IN_DEFAULTS: SignInSettings = {
  windowMs: 15 * 60 * 1000,
  perEmailAndAddress: 5,
  perAddress: 20,
  storeWide: 300,
  brakedPerSecond: 2,
  scryptLogN: 17,
  maxHashes: 2,
  maxWaitingHashes: 8,
  purgeEveryMs: 5 * 60 * 1000,
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** STORE_API_TRUST_PROXY, parsed: false, true, a hop count, or addresses/CIDRs of the proxies. */
export type TrustProxy = boolean | number | string[];

// Names proxy-addr (Fastify's trustProxy) knows for address ranges.
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (version === 4 ? 32 : 128);
  return version === 4 && net.isIPv4(prefix); // a netmask: 10.0.0.0/255.0.0.0
}

/** The setting's value, or a message saying what is wrong with it. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (["", "false", "no"].includes(value)) return false;
  if (["true", "yes"].includes(value)) return true;
  // Digits are a hop count ("1": one reverse proxy in front), "0" trusts none.
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = raw
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isProxyAddress(e));
  if (wrong.length || !entries.length)
    return `must be false, true, a hop count, or the proxies' addresses/CIDRs separated by commas (${wrong.join(", ") || raw} is none of these)`;
  return entries;
}

/**
 * Development mode serves every email the store sends, set-password links
 * included, at /dev/outbox (docs/contract.md#modes): it listens on loopback
 * unless told otherwise. Checked when the server starts, not by the other CLI commands.
 */
export function checkListenAddress(config: Pick<StoreConfig, "mode" | "host" | "allowRemoteDev">): void {
  if (config.mode !== "development" || config.allowRemoteDev || isLoopbackHost(config.host)) return;
  throw new ConfigError(
    `The store is in development mode, which shows every email it sends (set-password links included) at /dev/outbox, ` +
      `so it listens only on this machine (STORE_API_HOST=127.0.0.1, localhost or ::1), not on ${config.host}. ` +
      `Set STORE_API_MODE=production to serve other machines, or STORE_API_ALLOW_REMOTE_DEV=true to run development mode there anyway.`,
  );
}

/** Reads the store's configuration from the environment, failing fast with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): StoreConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid store configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (e.STORE_API_METRICS_PORT !== undefined && e.STORE_API_METRICS_PORT === e.STORE_API_PORT) {
    throw new ConfigError(
      `Invalid store configuration:\n  STORE_API_METRICS_PORT: must differ from STORE_API_PORT (${e.STORE_API_PORT}): ` +
        "the metrics have a listener of their own, apart from the API",
    );
  }
  if (e.STORE_API_ALLOW_PRIVATE_FETCHES && e.STORE_API_MODE === "production") {
    throw new ConfigError(
      "Invalid store configuration:\n  STORE_API_ALLOW_PRIVATE_FETCHES: is for development and tests only; " +
        "in production mode image imports never reach loopback or private addresses",
    );
  }
  if (e.STORE_API_PASSWORD_COST === "development" && e.STORE_API_MODE === "production") {
    throw new ConfigError(
      "Invalid store configuration:\n  STORE_API_PASSWORD_COST: development is for development and tests only; " +
        "in production mode passwords are hashed at OWASP's cost",
    );
  }
  if (e.STORE_API_MEDIA_DRIVER === "s3" && !e.STORE_API_S3_BUCKET) {
    throw new ConfigError(
      "Invalid store configuration:\n  STORE_API_S3_BUCKET: is required with STORE_API_MEDIA_DRIVER=s3 (the bucket that keeps the media files)",
    );
  }
  if (!e.STORE_API_S3_ACCESS_KEY_ID !== !e.STORE_API_S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      "Invalid store configuration:\n  STORE_API_S3_ACCESS_KEY_ID and STORE_API_S3_SECRET_ACCESS_KEY: set both, or neither (the AWS SDK's own credentials then)",
    );
  }
  const mediaPublicUrl = e.STORE_API_MEDIA_PUBLIC_URL?.replace(/\/+$/, "");
  const media: MediaStorageSettings =
    e.STORE_API_MEDIA_DRIVER === "s3"
      ? {
          driver: "s3",
          bucket: e.STORE_API_S3_BUCKET!,
          endpoint: e.STORE_API_S3_ENDPOINT,
          region: e.STORE_API_S3_REGION,
          accessKeyId: e.STORE_API_S3_ACCESS_KEY_ID,
          secretAccessKey: e.STORE_API_S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.STORE_API_S3_FORCE_PATH_STYLE ?? e.STORE_API_S3_ENDPOINT !== undefined,
          publicUrl: mediaPublicUrl,
        }
      : { driver: "local", publicUrl: mediaPublicUrl };
  return {
    port: e.STORE_API_PORT,
    host: e.STORE_API_HOST,
    dataDir: e.STORE_API_DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePool: e.STORE_API_DATABASE_POOL,
    publicUrl: (e.STORE_API_PUBLIC_URL ?? `http://localhost:${e.STORE_API_PORT}`).replace(/\/+$/, ""),
    dashboardUrl: e.STORE_DASHBOARD_URL,
    mode: e.STORE_API_MODE,
    rateLimit: e.STORE_API_RATE_LIMIT,
    readCache: e.STORE_API_READ_CACHE,
    trustProxy: e.STORE_API_TRUST_PROXY,
    allowRemoteDev: e.STORE_API_ALLOW_REMOTE_DEV,
    logLevel: e.STORE_API_LOG_LEVEL,
    storeName: e.STORE_NAME,
    currency: e.STORE_CURRENCY,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    signIn: {
      ...SIGN_IN_DEFAULTS,
      ...(e.STORE_API_PASSWORD_COST === "development" ? { scryptLogN: DEVELOPMENT_SCRYPT_LOG_N } : {}),
    },
    importDir: path.resolve(e.STORE_API_IMPORT_DIR || path.join(e.STORE_API_DATA_DIR, "import")),
    allowPrivateFetches: e.STORE_API_ALLOW_PRIVATE_FETCHES,
    jobs: { ...JOB_DEFAULTS, lockMs: e.STORE_API_JOB_LOCK_SECONDS * 1000 },
    renders: { concurrency: e.STORE_API_RENDER_CONCURRENCY, queue: e.STORE_API_RENDER_QUEUE },
    bodies: {
      idleTimeoutMs: Math.round(e.STORE_API_BODY_IDLE_TIMEOUT * 1000),
      deadlineMs: Math.round(e.STORE_API_BODY_TIMEOUT * 1000),
      perToken: Math.round(e.STORE_API_BODY_MB_PER_TOKEN * MB),
      perProcess: Math.round(e.STORE_API_BODY_MB * MB),
    },
    media,
    metrics:
      e.STORE_API_METRICS_PORT === undefined
        ? undefined
        : { port: e.STORE_API_METRICS_PORT, host: e.STORE_API_METRICS_HOST },
    shutdownTimeoutMs: Math.round(e.STORE_API_SHUTDOWN_TIMEOUT * 1000),
  };
}

/** A configuration for tests and tools: defaults plus overrides, no environment. */
export function testConfig(overrides: Partial<StoreConfig> = {}): StoreConfig {
  // scrypt at N=2^14 keeps the suite fast; tests of the hashing itself ask for more.
  const signIn = { ...SIGN_IN_DEFAULTS, scryptLogN: 14 };
  return { ...loadConfig({}), logLevel: "silent", rateLimit: 0, signIn, ...overrides };
}
