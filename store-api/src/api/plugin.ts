import cors from "@fastify/cors";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sha256 } from "../auth/secrets.js";
import { oauthGrants, oauthTokens, users } from "../db/schema.js";
import {
  ForbiddenError,
  InsufficientScopeError,
  InvalidRequestError,
  InvalidTokenError,
  RateLimitedError,
} from "../errors.js";
import type { UserRow } from "../users/users.js";
import { accessRule, type AccessRule } from "./access.js";
import { RateLimiter } from "./rate-limit.js";

export interface ApiAuth {
  user: UserRow;
  grantId: number;
  clientId: string;
  scopes: string[];
}

declare module "fastify" {
  interface FastifyRequest {
    auth: ApiAuth | null;
  }
  interface FastifyContextConfig {
    access?: AccessRule;
    methodNotAllowed?: boolean;
  }
}

/** The bearer token from the Authorization header or the bearer_token query parameter. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const query = (request.query as Record<string, unknown> | undefined)?.bearer_token;
  const fromHeader = header && /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, "").trim() : null;
  const fromQuery = typeof query === "string" && query ? query : null;
  if (fromHeader && fromQuery)
    throw new InvalidRequestError(
      "Send the access token once: in the Authorization header or as bearer_token, not both.",
    );
  return fromHeader || fromQuery;
}

/**
 * Everything under /api/v1: CORS for browser apps (bearer tokens, no cookies),
 * authentication, the per-token rate limit, and the one access rule
 * (api/access.ts) computed for every route as it is registered.
 */
export async function registerApi(app: FastifyInstance, routes: (api: FastifyInstance) => Promise<void> | void) {
  const limiter = new RateLimiter(app.config.rateLimit);

  await app.register(
    async (api) => {
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
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        if (methods.includes("OPTIONS") || route.config?.methodNotAllowed) return;
        route.config = { ...route.config, access: accessRule(methods[0]!, route.url) };
      });

      api.decorateRequest("auth", null);
      api.addHook("onRequest", async (request) => {
        if (request.method === "OPTIONS" || request.is404) return;
        const token = bearerToken(request);
        if (!token) throw new InvalidTokenError("An access token is required: send Authorization: Bearer <token>.");
        const [row] = await app.db
          .select({ user: users, grantId: oauthGrants.id, clientId: oauthGrants.clientId, scope: oauthTokens.scope })
          .from(oauthTokens)
          .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
          .innerJoin(users, eq(users.id, oauthGrants.userId))
          .where(
            and(
              eq(oauthTokens.tokenHash, sha256(token)),
              eq(oauthTokens.kind, "access"),
              gt(oauthTokens.expiresAt, new Date()),
              isNull(oauthGrants.revokedAt),
              eq(users.isActive, true),
            ),
          );
        if (!row) throw new InvalidTokenError();
        const wait = limiter.take(String(row.grantId));
        if (wait > 0) throw new RateLimitedError(wait);
        request.auth = { user: row.user, grantId: row.grantId, clientId: row.clientId, scopes: row.scope.split(" ") };

        const rule = request.routeOptions.config.access;
        if (!rule) return; // 405 answers for itself
        if (!rule.scopes.some((s) => request.auth!.scopes.includes(s)))
          throw new InsufficientScopeError(rule.scopes[0]!);
        if (rule.permission && !row.user.permissions.includes(rule.permission)) {
          throw new ForbiddenError(`Your store account lacks the ${rule.permission} permission.`);
        }
      });

      await routes(api);
    },
    { prefix: "/api/v1" },
  );
}

/** The signed-in user behind the request's token (set by the API plugin). */
export function actor(request: FastifyRequest): UserRow {
  if (!request.auth) throw new InvalidTokenError();
  return request.auth.user;
}
