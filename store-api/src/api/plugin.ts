import cors from "@fastify/cors";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { findAccessToken, type AccessToken } from "../oauth/tokens.js";
import type { UserRow } from "../users/users.js";
import { accessRule, type AccessRule } from "./access.js";
import { apiErrorHandler } from "./error-handler.js";
import {
  ForbiddenError,
  InsufficientScopeError,
  InvalidRequestError,
  InvalidTokenError,
  RateLimitedError,
} from "./errors.js";
import { RateLimiter } from "./rate-limit.js";
import { FORM_ENCODINGS } from "./schemas.js";
import { apiErrorFormatter } from "./validation.js";

declare module "fastify" {
  interface FastifyRequest {
    auth: AccessToken | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    methodNotAllowed?: boolean;
  }
}

/** Uploads: up to 20 MB each (docs/contract.md#uploads). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

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
function security(rule: AccessRule): Record<string, string[]>[] {
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
 * error model.
 */
export const apiPlugin: FastifyPluginAsync<ApiOptions> = async (api, { routes }) => {
  const limiter = new RateLimiter(api.config.rateLimit);

  api.setErrorHandler(apiErrorHandler);
  api.setSchemaErrorFormatter(apiErrorFormatter);

  await api.register(formbody);
  await api.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 2000, fieldSize: BODY_LIMIT_BYTES },
  });
  await api.register(cors, {
    origin: "*",
    methods: ["GET", "POST", "PUT", "DELETE"],
    allowedHeaders: ["Authorization", "Content-Type"],
    exposedHeaders: ["X-Total-Count", "Retry-After", "X-Request-Id", "WWW-Authenticate"],
    maxAge: 600,
    // Answer any OPTIONS as a preflight: the strict default answers a bare
    // OPTIONS with a plain-text 400, outside the JSON error model.
    strictPreflight: false,
  });

  api.addHook("onRoute", (route) => {
    route.bodyLimit ??= BODY_LIMIT_BYTES; // for every parser: form, JSON, text

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

  api.decorateRequest("auth", null);
  api.addHook("onRequest", async (request) => {
    if (request.method === "OPTIONS" || request.is404) return;
    const token = bearerToken(request);
    if (!token) throw new InvalidTokenError("An access token is required: send Authorization: Bearer <token>.");
    const auth = await findAccessToken(api.db, token);
    if (!auth) throw new InvalidTokenError();
    const wait = limiter.take(String(auth.grantId));
    if (wait > 0) throw new RateLimitedError(wait);
    request.auth = auth;

    const rule = request.routeOptions.config.access;
    if (!rule) return; // 405 answers for itself
    if (!rule.scopes.some((s) => auth.scopes.includes(s))) throw new InsufficientScopeError(rule.scopes[0]!);
    if (rule.permission && !auth.user.permissions.includes(rule.permission)) {
      throw new ForbiddenError(`Your store account lacks the ${rule.permission} permission.`);
    }
  });

  for (const plugin of routes) await api.register(plugin);
};

/** The signed-in user behind the request's token (set by the API plugin). */
export function actor(request: FastifyRequest): UserRow {
  if (!request.auth) throw new InvalidTokenError();
  return request.auth.user;
}
