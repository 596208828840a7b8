import { randomUUID } from "node:crypto";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from "fastify";
import { registerApi } from "./api/plugin.js";
import type { StoreConfig } from "./config.js";
import type { Database, Db } from "./db/index.js";
import { ApiError, NotFoundError } from "./errors.js";
import { Mailer } from "./mail/mailer.js";
import { OAuthError } from "./oauth/errors.js";
import { html, page, sendPage } from "./pages/html.js";
import { messagePage } from "./pages/oauth-pages.js";
import setPasswordRoutes from "./routes/account/set-password.js";
import usersRoutes from "./routes/api/v1/users.js";
import devRoutes from "./routes/dev/outbox.js";
import accessTokenRoutes from "./routes/oauth2/access-token.js";
import authorizeRoutes from "./routes/oauth2/authorize.js";
import loginRoutes from "./routes/oauth2/login.js";
import revokeRoutes from "./routes/oauth2/revoke.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: StoreConfig;
    mailer: Mailer;
  }
}

/** decisions.md: uploads up to 20 MB each. */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

// Query parameters that carry secrets never reach the logs.
const SECRET_PARAMS =
  /([?&](?:bearer_token|access_token|code|token|client_secret|refresh_token|password|state|code_verifier)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

function loggerOptions(config: StoreConfig): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  return {
    level: config.logLevel,
    // Only what helps to follow a request: no headers (tokens, cookies), no bodies.
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  };
}

const STATUS_CODES: Record<number, string> = {
  400: "invalid_request",
  401: "invalid_token",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
};

/** Maps anything thrown to the error model: ApiError and OAuthError as they are, framework errors by status. */
function toApiError(err: FastifyError): ApiError | OAuthError | null {
  if (err instanceof ApiError || err instanceof OAuthError) return err;
  // A unique index caught a race the handler's own check missed.
  const dbCode = err.code ?? (err.cause as { code?: string } | undefined)?.code;
  if (dbCode === "23505") return new ApiError(409, "conflict", "That value is already taken.");
  // PostgreSQL text cannot hold NUL (22021) or an unpaired surrogate (22P05): bad input, not a server fault.
  if (dbCode === "22021" || dbCode === "22P05")
    return new ApiError(400, "invalid_request", "Text fields must not contain NUL or invalid characters.");
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const description =
      status === 413
        ? "The request body or upload is larger than the store accepts (uploads: 20 MB each)."
        : status === 415
          ? "Send form fields (application/x-www-form-urlencoded or multipart/form-data) or JSON."
          : err.message || "The request is malformed.";
    return new ApiError(status, STATUS_CODES[status] ?? "invalid_request", description);
  }
  return null;
}

const HTML_ROUTES = /^\/(oauth2\/(authorize|login|logout|signed-in)|account\/)/;

export interface BuildOptions {
  config: StoreConfig;
  database: Database;
}

/** Builds the store's HTTP app (tests call this and talk to it over HTTP; server.ts listens). */
export async function buildApp({ config, database }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    // Product keys and slugs can be long; the router's default cap is 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Errors the router raises before any route (a malformed %-escape in the
    // path, an over-long path parameter) answer in the error model too.
    frameworkErrors: (error, request, reply) => {
      const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 404 : (error.statusCode ?? 400);
      const description =
        status === 404
          ? `Nothing is at ${request.method} ${redactUrl(request.url.split("?")[0] ?? "")}.`
          : error.message;
      (reply as FastifyReply)
        .header("x-request-id", request.id)
        .status(status)
        .send({ error: STATUS_CODES[status] ?? "invalid_request", error_description: description });
    },
  });

  app.decorate("db", database.db);
  app.decorate("config", config);
  app.decorate("mailer", new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  app.addHook("onClose", () => database.close());
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, {
    attachFieldsToBody: "keyValues",
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 50, fields: 2000, fieldSize: BODY_LIMIT_BYTES },
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const mapped = toApiError(error);
    if (!mapped) {
      request.log.error({ err: error }, "unhandled error");
      if (HTML_ROUTES.test(request.url)) {
        return sendPage(
          reply,
          500,
          messagePage({
            storeName: config.storeName,
            title: "Something went wrong",
            message: `The store hit an unexpected error (request ${request.id}). Please try again.`,
          }),
        );
      }
      return reply
        .status(500)
        .send({
          error: "server_error",
          error_description: `The store hit an unexpected error; it is logged as request ${request.id}.`,
        });
    }
    if (mapped instanceof OAuthError) {
      if (mapped.status === 401) reply.header("www-authenticate", 'Basic realm="store"');
      return reply.status(mapped.status).send(mapped.toJSON());
    }
    reply.headers(mapped.headers);
    if (HTML_ROUTES.test(request.url) && request.method !== "OPTIONS") {
      return sendPage(
        reply,
        mapped.status,
        messagePage({ storeName: config.storeName, title: "That did not work", message: mapped.message }),
      );
    }
    return reply.status(mapped.status).send(mapped.toJSON());
  });

  app.setNotFoundHandler(async (request) => {
    throw new NotFoundError(`Nothing is at ${request.method} ${redactUrl(request.url.split("?")[0] ?? "")}.`);
  });

  app.get("/", async (_request, reply) =>
    sendPage(
      reply,
      200,
      page({
        title: "Store API",
        storeName: config.storeName,
        body: html`<h1>Store API</h1>
          <p>
            This is the Store Management API of ${config.storeName}. Applications use it under <code>/api/v1</code>,
            authorized through OAuth 2.0 at <code>/oauth2/authorize</code>.
          </p>`,
      }),
    ),
  );

  await app.register(authorizeRoutes);
  await app.register(loginRoutes);
  await app.register(accessTokenRoutes);
  await app.register(revokeRoutes);
  await app.register(setPasswordRoutes);
  if (config.mode === "development") await app.register(devRoutes);
  await registerApi(app, async (api) => {
    await api.register(usersRoutes);
  });

  return app;
}
