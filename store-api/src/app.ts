import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { apiErrorHandler, frameworkErrors, nothingAt } from "./api/error-handler.js";
import { apiPlugin } from "./api/plugin.js";
import { apiErrorFormatter, validatorCompiler } from "./api/validation.js";
import type { StoreConfig } from "./config.js";
import type { Database, Db } from "./db/index.js";
import { registerDocs } from "./docs/plugin.js";
import { NotFoundError } from "./api/errors.js";
import { echoRequestId, loggingOptions } from "./logging/logger.js";
import { Mailer } from "./mail/mailer.js";
import { oauthEndpointsPlugin } from "./oauth/plugin.js";
import { pagesPlugin } from "./pages/plugin.js";
import setPasswordRoutes from "./routes/account/set-password.js";
import usersRoutes from "./routes/api/v1/users.js";
import devOutboxRoutes from "./routes/dev/outbox.js";
import homeRoutes from "./routes/index.js";
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

export interface BuildOptions {
  config: StoreConfig;
  database: Database;
  /** Sees every route as it is registered (the docs test checks that the reference lists them all). */
  onRoute?: (route: RouteOptions) => void;
}

/** Builds the store's HTTP app (tests call this and talk to it over HTTP; server.ts listens). */
export async function buildApp({ config, database, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config),
    trustProxy: config.trustProxy,
    // Product keys and slugs can be long; the router's default cap is 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
  });
  if (onRoute) app.addHook("onRoute", onRoute);

  app.decorate("db", database.db);
  app.decorate("config", config);
  app.decorate("mailer", new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  app.addHook("onClose", () => database.close());
  echoRequestId(app);

  // Every route declares zod schemas: they validate input, type the handlers and make the reference.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Each scope answers errors in its own model; the root's (404s, router errors, /dev, /docs) is the API's JSON.
  app.setSchemaErrorFormatter(apiErrorFormatter);
  app.setErrorHandler(apiErrorHandler);
  app.setNotFoundHandler(async (request) => {
    throw new NotFoundError(nothingAt(request));
  });
  await registerDocs(app);

  await app.register(pagesPlugin, { routes: [homeRoutes, authorizeRoutes, loginRoutes, setPasswordRoutes] });
  await app.register(oauthEndpointsPlugin, { routes: [accessTokenRoutes, revokeRoutes] });
  await app.register(apiPlugin, { prefix: "/api/v1", routes: [usersRoutes] });
  if (config.mode === "development") await app.register(devOutboxRoutes);

  return app;
}
