import cors from "@fastify/cors";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import { CONNECT_TIMEOUT_MS } from "../db/index.js";
import { ClientShares, shareDatabase, shareOf } from "../limits/pool-shares.js";
import { findAccessToken, type AccessToken } from "../oauth/tokens.js";
import { sha256 } from "../auth/secrets.js";
import type { UserRow } from "../users/users.js";
import { accessRule, type AccessRule } from "../api/access.js";
import { acceptForms, API_BODY_LIMITS } from "../api/bodies.js";
import { apiErrorHandler, nothingAt } from "../api/error-handler.js";
import {
  DatabaseBusyError,
  ForbiddenError,
  InsufficientScopeError,
  InvalidRequestError,
  InvalidTokenError,
  NotFoundError,
  RateLimitedError,
} from "../api/errors.js";
import { RateLimiter, SharedRateLimiter } from "../api/rate-limit.js";
import { FORM_ENCODINGS } from "../api/schemas.js";
import { apiErrorFormatter } from "../api/validation.js";

declare module "fastify" {
  interface FastifyRequest {
    auth: AccessToken | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    methodNotAllowed?: boolean;
  }
}

/** The bearer token from the Authorization header or the bearer_token query parameter. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // onRequest runs before validation: the query is still the parsed query string.
  const query = (request.query as Record<string, unknown> | undefined)?.bearer_token;
  const fromHeader = header && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, "").trim() : null;
  const fromQuery = typeof query === "string" && query ? query : null;
  if (fromHeader && fromQuery)
    throw new InvalidRequestError(
      "Send the access token once: in the Authorization header or as bearer_token, not both.",
    );
  return fromHeader || fromQuery;
}

/** How the reference describes a route's access rule. */
export function security(rule: AccessRule): Record<string, string[]>[] {
  return [{ bearerHeader: [] }, { bearerQuery: [] }, ...rule.scopes.map((scope) => ({ oauth2: [scope] }))];
}

function accessNote(rule: AccessRule): string {
  const scopes = rule.scopes.join(" or ");
  return `Needs the ${scopes} scope${rule.permission ? ` and the ${rule.permission} permission` : ""}.`;
}

export interface ApiOptions {
  /** The route plugins of /api/v1 (src/routes/api/v1/). */
  routes: FastifyPluginAsync[];
}

/**
 * Everything under /api/v1 (register with that prefix): form, JSON and
 * multipart bodies with their limits, CORS for browser apps (bearer tokens, no
 * cookies), authentication, the per-token rate limit, the one access rule
 * (api/access.ts) computed for every route as it is registered, and the JSON
 * error model. It sits above the domain folders it authenticates with (oauth/,
 * users/): the kit it is built from (src/api/) sits below them, and imports none.
 */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (api, { routes }) => {
  // On PostgreSQL the buckets are in the database, shared by every instance of the store; PGlite has one process.
  const limiter =
    api.databaseKind === "postgres"
      ? new SharedRateLimiter(api.db, api.config.rateLimit)
      : new RateLimiter(api.config.rateLimit);
  if (limiter instanceof SharedRateLimiter) {
    let purge: NodeJS.Timeout | undefined;
    api.addHook("onReady", async () => {
      purge = setInterval(() => {
        limiter.purge().catch((err: unknown) => api.log.warn({ err }, "purging the API's rate limit buckets failed"));
      }, 60_000);
      purge.unref();
    });
    api.addHook("onClose", async () => clearInterval(purge));
  }

  api.setErrorHandler(apiErrorHandler);
  api.setSchemaErrorFormatter(apiErrorFormatter);

  // Form fields URL-encoded or multipart, JSON tolerated, each within API_BODY_LIMITS (api/bodies.ts).
  await acceptForms(api, API_BODY_LIMITS);
  await api.register(cors, {
    origin: "*",
    methods: ["GET", "POST", "PUT", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type", "If-None-Match"],
    exposedHeaders: [
      "X-Total-Count",
      "X-Coupon-Code-Filter",
      "X-Order-Search",
      "X-Product-Search",
      "ETag",
      "X-Catalogue-Version",
      "X-Order-Fulfilment",
      "Retry-After",
      "X-Request-Id",
      "WWW-Authenticate",
    ],
    maxAge: 600,
    // Answer any OPTIONS as a preflight: the strict default answers a bare
    // OPTIONS with a plain-text 400, outside the JSON error model.
    strictPreflight: false,
  });

  api.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes("OPTIONS") || route.config?.methodNotAllowed) return;
    const access = accessRule(methods[0]!, route.url);
    route.config = { ...route.config, access };
    if (route.schema) {
      const description = [route.schema.description, accessNote(access)].filter(Boolean).join("\n\n");
      const consumes = route.schema.body ? (route.schema.consumes ?? FORM_ENCODINGS) : undefined;
      route.schema = { ...route.schema, description, security: security(access), ...(consumes ? { consumes } : {}) };
    }
  });

  // No client holds more than a quarter of the database's pool at once (limits/pool-shares.ts).
  shareDatabase(
    api,
    new ClientShares(shareOf(api.config.databasePool), () => new DatabaseBusyError(), 16, CONNECT_TIMEOUT_MS),
  );

  // Answers carry a user's data and tokens' effects: no shared or browser cache keeps them.
  api.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  // Unknown paths under /api/v1 answer here, so they get this scope's headers too.
  api.setNotFoundHandler(async (request) => {
    throw new NotFoundError(nothingAt(request));
  });

  api.decorateRequest("auth", null);
  api.addHook("onRequest", async (request) => {
    if (request.method === "OPTIONS" || request.is404) return;
    const auth = await authenticate(api, request);
    const wait = await limiter.take(String(auth.grantId));
    if (wait > 0) throw new RateLimitedError(wait);
    request.auth = auth;

    const rule = request.routeOptions.config.access;
    if (!rule) return; // 405 answers for itself
    authorize(auth, rule);
  });

  for (const plugin of routes) await api.register(plugin);
};

/**
 * The live access token the request carries (Authorization header or
 * bearer_token), or a 401 `invalid_token`: none, unknown, revoked, expired, or
 * its user deactivated. Every /api/v1 route and the development outbox
 * (routes/dev/outbox.ts) pass here.
 */
export async function authenticate(api: FastifyInstance, request: FastifyRequest): Promise<AccessToken> {
  const token = bearerToken(request);
  if (!token) throw new InvalidTokenError("An access token is required: send Authorization: Bearer <token>.");
  const auth = await cachedAccessToken(api, request, token);
  if (!auth) throw new InvalidTokenError();
  return auth;
}

/** A 403 unless the token has one of the rule's scopes and its user the rule's permission. */
export function authorize(auth: AccessToken, rule: AccessRule): void {
  if (!rule.scopes.some((s) => auth.scopes.includes(s))) throw new InsufficientScopeError(rule.scopes[0]!);
  if (rule.permission && !auth.user.permissions.includes(rule.permission)) {
    throw new ForbiddenError(`Your store account lacks the ${rule.permission} permission.`);
  }
}

/**
 * The live access token, from the token cache when no write has run since it
 * was read (app.ts brackets every write, the revocations and user changes
 * included; on a PostgreSQL shared by several store processes, their writes
 * too: api/cache-generation.ts), and while it has not expired; otherwise from
 * the database.
 */
async function cachedAccessToken(
  api: FastifyInstance,
  request: FastifyRequest,
  token: string,
): Promise<AccessToken | undefined> {
  const cache = api.tokenCache;
  const key = sha256(token);
  const seen = await api.writeGeneration.seen(request);
  const kept = cache.get(key, seen);
  if (kept && kept.expiresAt.getTime() > Date.now()) return kept;
  if (kept) cache.delete(key);
  const ticket = cache.ticket(seen);
  const found = await findAccessToken(api.db, token);
  if (found) cache.set(key, ticket, found);
  return found;
}

/** The signed-in user behind the request's token (set by the API plugin). */
export function actor(request: FastifyRequest): UserRow {
  if (!request.auth) throw new InvalidTokenError();
  return request.auth.user;
}
