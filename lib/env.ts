import { z } from "zod";

const url = (name: string) =>
  z
    .string()
    .trim()
    .url(`${name} must be an absolute URL such as http://localhost:4000`)
    // Paths are appended to these, so a trailing slash would double up.
    .transform((value) => value.replace(/\/+$/, ""));

const required = (name: string, hint: string) =>
  z
    .string({ error: `${name} is not set. ${hint}` })
    .trim()
    .min(1, `${name} is empty. ${hint}`);

const envSchema = z
  .object({
    STORE_BASE_URL: url("STORE_BASE_URL").default("http://localhost:4000"),
    STORE_PUBLIC_URL: url("STORE_PUBLIC_URL").optional(),
    STORE_CLIENT_ID: required(
      "STORE_CLIENT_ID",
      "Register the dashboard as an application with the store and copy its client ID.",
    ),
    STORE_CLIENT_SECRET: required(
      "STORE_CLIENT_SECRET",
      "Register the dashboard as an application with the store and copy its client secret.",
    ),
    NEXTAUTH_URL: url("NEXTAUTH_URL").default("http://localhost:3000"),
    // The store's name as the sidebar shows it; without it, the store's host.
    STORE_NAME: z.string().trim().max(100, "STORE_NAME must be at most 100 characters.").optional(),
    // The unit the store's weights are in: the contract's weights are plain numbers (docs/contract.md#pricing).
    STORE_WEIGHT_UNIT: z
      .enum(["kg", "g", "lb", "oz"], { error: "STORE_WEIGHT_UNIT must be kg, g, lb or oz." })
      .optional(),
    // A store page that signs the browser out of the store itself ("sign out
    // of the store too"); the spec has none, so it is offered only when set.
    STORE_LOGOUT_URL: url("STORE_LOGOUT_URL").optional(),
    // Where the store's media files are public when not on its own origin (a CDN or a bucket in front
    // of a store at scale): the pages may show images from there too (the Content-Security-Policy).
    STORE_MEDIA_URL: url("STORE_MEDIA_URL").optional(),
    // Optional: without it the session key is derived from the client secret
    // (below), so a dashboard started with only the store's credentials works.
    NEXTAUTH_SECRET: z.string().trim().min(1).optional(),
    // The catalogue copy (docs/architecture.md#the-catalogue-copy): the most memory it may hold, and
    // the pause between two checks for changes made elsewhere.
    CATALOGUE_MEMORY_MB: z.coerce
      .number({ error: "CATALOGUE_MEMORY_MB must be a number of megabytes." })
      .int("CATALOGUE_MEMORY_MB must be a whole number of megabytes.")
      .min(16, "CATALOGUE_MEMORY_MB must be at least 16.")
      .max(65536, "CATALOGUE_MEMORY_MB must be at most 65536.")
      .default(512),
    CATALOGUE_REVALIDATE_SECONDS: z.coerce
      .number({ error: "CATALOGUE_REVALIDATE_SECONDS must be a number of seconds." })
      .min(1, "CATALOGUE_REVALIDATE_SECONDS must be at least 1.")
      .max(3600, "CATALOGUE_REVALIDATE_SECONDS must be at most 3600.")
      .default(5),
    // /metrics (the catalogue copy's figures) answers only a bearer of this token; unset: off (404).
    DASHBOARD_METRICS_TOKEN: z
      .string()
      .trim()
      .min(16, "DASHBOARD_METRICS_TOKEN must be at least 16 characters.")
      .optional(),
  })
  .transform((env) => ({
    ...env,
    // The browser may reach the store under another name than the server does
    // (a container network, a proxy); by default both are the same address.
    STORE_PUBLIC_URL: env.STORE_PUBLIC_URL ?? env.STORE_BASE_URL,
    // The client secret is high-entropy and known only to this server (and the
    // store); next-auth runs the secret through HKDF, and the prefix keeps the
    // session key apart from the OAuth credential. Setting NEXTAUTH_SECRET is
    // still better: rotating it then signs everyone out without touching the app.
    NEXTAUTH_SECRET: env.NEXTAUTH_SECRET ?? `store-admin-session:${env.STORE_CLIENT_SECRET}`,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Store Admin is not configured correctly:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", so defaults still apply to `FOO=`.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => {
        const key = issue.path.join(".");
        return issue.message.startsWith(key) ? issue.message : `${key}: ${issue.message}`;
      }),
    );
  }
  return result.data;
}

let cached: Env | undefined;

/**
 * The dashboard's configuration, parsed on first use (not at import, so that
 * `next build` works without secrets) and then kept.
 */
export function getEnv(): Env {
  if (!cached) {
    cached = parseEnv(process.env);
    // next-auth reads NEXTAUTH_URL from the environment itself; give it the
    // same default as ours so redirect_uri is predictable.
    if (!process.env.NEXTAUTH_URL) process.env.NEXTAUTH_URL = cached.NEXTAUTH_URL;
  }
  return cached;
}
