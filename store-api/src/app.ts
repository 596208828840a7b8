import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { closeUnreadBodies } from "./api/bodies.js";
import { guardBodies } from "./api/body-guard.js";
import { apiErrorHandler, frameworkErrors, nothingAt } from "./api/error-handler.js";
import { apiPlugin } from "./api-v1/plugin.js";
import { apiErrorFormatter, validatorCompiler } from "./api/validation.js";
import type { StoreConfig, TrustProxy } from "./config.js";
import { isLoopbackHost } from "./auth/loopback.js";
import type { Database, Db } from "./db/index.js";
import { registerDocs } from "./docs/plugin.js";
import { DatabaseUnavailableError, NotFoundError } from "./api/errors.js";
import { databaseWorkOf, trackDatabaseWork } from "./api/database-work.js";
import { isDatabaseUnreachable } from "./db/outage.js";
import { echoRequestId, loggingOptions } from "./logging/logger.js";
import { Mailer } from "./mail/mailer.js";
import { answerBytes, ReadCache } from "./api/read-cache.js";
import { databaseGeneration, processGeneration, type WriteGeneration } from "./api/cache-generation.js";
import type { AccessToken } from "./oauth/tokens.js";
import { signInHousekeeping } from "./oauth/housekeeping.js";
import { oauthEndpointsPlugin } from "./oauth/plugin.js";
import { pagesPlugin } from "./pages/plugin.js";
import setPasswordRoutes from "./routes/account/set-password.js";
import usersRoutes from "./routes/api/v1/users.js";
import productsRoutes from "./routes/api/v1/products.js";
import productMediaRoutes from "./routes/api/v1/product-media.js";
import mediaRoutes from "./routes/media.js";
import { registerJobs } from "./jobs/plugin.js";
import { registerMedia } from "./media/plugin.js";
import { registerSeedJobs } from "./seed/plugin.js";
import { renderSlots } from "./media/render-slots.js";
import productPartsRoutes from "./routes/api/v1/product-parts.js";
import couponsRoutes from "./routes/api/v1/coupons.js";
import ordersRoutes from "./routes/api/v1/orders.js";
import shippingGroupsRoutes from "./routes/api/v1/shipping-groups.js";
import taxGroupsRoutes from "./routes/api/v1/tax-groups.js";
import devOutboxRoutes from "./routes/dev/outbox.js";
import faviconRoutes from "./routes/favicon.js";
import healthRoutes from "./routes/health.js";
import { trackInFlight } from "./ops/shutdown.js";
import { trackServing } from "./ops/serving.js";
import { registerMetrics } from "./ops/metrics.js";
import homeRoutes from "./routes/index.js";
import accessTokenRoutes from "./routes/oauth2/access-token.js";
import authorizeRoutes from "./routes/oauth2/authorize.js";
import loginRoutes from "./routes/oauth2/login.js";
import revokeRoutes from "./routes/oauth2/revoke.js";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    /** Which database serves the store: PGlite (one process) or PostgreSQL (maybe several instances). */
    databaseKind: Database["kind"];
    config: StoreConfig;
    mailer: Mailer;
    readCache: ReadCache;
    /** Live access tokens by hash (src/api-v1/plugin.ts), forgotten on every write like the read cache. */
    tokenCache: ReadCache<AccessToken>;
    /** The writes of every store process on the database, as the caches see them (src/api/cache-generation.ts). */
    writeGeneration: WriteGeneration;
    /** The process's render slots (src/media/render-slots.ts): how many images render and wait. */
    renders: typeof renderSlots;
  }
}

export interface BuildOptions {
  config: StoreConfig;
  database: Database;
  /** Sees every route as it is registered (the docs test checks that the reference lists them all). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
}

/**
 * Every request that may write (any method but GET, HEAD and OPTIONS, in any
 * scope: the API, the OAuth endpoints, the pages) brackets itself for the
 * caches (docs/architecture.md#the-read-cache): from its handler's start to its
 * answer, when its transaction has settled, committed or not. A request refused
 * before its handler (no token, a bad token, a rate limit, a body that does not
 * validate, an unknown path) never starts a bracket: it cannot have changed
 * anything, so it empties no cache, here or on another instance.
 *
 * The end empties the caches only when the handler sent a statement that may
 * change data (db/outage.ts notes each). On a database that other store
 * processes share, it then bumps the database's generation first, in onSend:
 * after the route's transaction, before a byte of the answer leaves. If that
 * bump fails, the request answers an error instead: when the database went
 * away, a 503 saying that the change was saved (the route had answered 2xx). A
 * request that failed already keeps its error: it changed nothing the other
 * processes need to hear of.
 */
function bracketWrites(app: FastifyInstance, caches: ReadCache<unknown>[], generation: WriteGeneration) {
  const writing = new WeakSet<FastifyRequest>();
  const end = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!writing.delete(request)) return;
    // No record (it is made in the first preHandler, before this one): assume the worst.
    const changed = databaseWorkOf(request)?.changed ?? true;
    try {
      if (changed) await generation.bump();
    } catch (err) {
      if (!isDatabaseUnreachable(err)) throw err;
      if (reply.statusCode >= 400) {
        request.log.warn({ err }, "read cache: the database went away before a failed write's bump");
        return;
      }
      throw new DatabaseUnavailableError("saved");
    } finally {
      for (const cache of caches) cache.endWrite(changed);
    }
  };
  // preHandler: after every scope's onRequest (the API's token and permission checks, the pages' origin
  // check), the body's parsing and its validation; the 404 handler runs its hooks too, and changes nothing.
  app.addHook("preHandler", async (request) => {
    if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return;
    if (request.is404) return;
    writing.add(request);
    for (const cache of caches) cache.beginWrite();
  });
  app.addHook("onSend", end);
  app.addHook("onResponse", end);
}

/**
 * A background job's write that changes the catalogue, bracketed like a
 * request's. The job's result is recorded in its transaction, so a failed bump
 * is logged rather than thrown (the job would be taken for failed): other
 * processes then keep their answers for the cache's maximum age at most.
 */
function bracketJobWrites(app: FastifyInstance, generation: WriteGeneration) {
  app.jobs.catalogueWrite = (write) =>
    app.readCache.write(async () => {
      try {
        return await write();
      } finally {
        await generation.bump().catch((err: unknown) => {
          app.log.error({ err }, "read cache: could not bump the database's generation after a job's write");
        });
      }
    });
}

/** Builds the store's HTTP app (tests call this and talk to it over HTTP; server.ts listens). */
export async function buildApp({ config, database, onRoute, logStream }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggingOptions(config, logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Product keys and slugs can be long; the router's default cap is 100 characters.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    frameworkErrors,
    // Fastify turns off Node's limit on receiving a whole request (300 s) unless given one. The body guard
    // (api/body-guard.ts) cuts a body off at its deadline with a 408 in the error model; Node's, checked
    // every 30 s, stands behind it and answers a bare 408.
    requestTimeout: config.bodies.deadlineMs + 30_000,
  });
  if (onRoute) app.addHook("onRoute", onRoute);
  warnAboutTrustProxy(app, config);

  app.decorate("db", database.db);
  app.decorate("databaseKind", database.kind);
  trackServing(app, { soleThread: database.kind === "pglite" });
  app.decorate("config", config);
  renderSlots.configure(config.renders);
  app.decorate("renders", renderSlots);
  app.decorate("mailer", new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }));
  app.addHook("onClose", () => database.close());
  echoRequestId(app);
  trackInFlight(app);
  // Whether a request had sent its COMMIT when the database went away (docs/architecture.md#when-the-database-is-away).
  trackDatabaseWork(app);
  // Before the scopes, so that every error answered before a body has arrived stops its upload.
  closeUnreadBodies(app);
  // Also before the scopes: every body, in any scope, is timed and counted against the bytes in flight.
  guardBodies(app);
  signInHousekeeping(app);
  // An answer is recomputed at least every 10 s, whatever happens: the bound on a write made outside every
  // store process (by hand in psql). At most 64 MiB of answers (a page of 100 orders, each line with its whole
  // product, is over 1 MB).
  app.decorate(
    "readCache",
    new ReadCache(config.readCache, 256, 10_000, Date.now, { max: 64 * 1024 * 1024, weigh: answerBytes }),
  );
  // A token is re-read at least every 30 s, whatever happens (the same bound for tokens).
  app.decorate("tokenCache", new ReadCache<AccessToken>(config.readCache, 1_000, 30_000));
  // PGlite locks its data folder: one process, whose own brackets see every write.
  const generation =
    database.kind === "postgres" && config.readCache ? databaseGeneration(database.db) : processGeneration;
  app.decorate("writeGeneration", generation);
  bracketWrites(app, [app.readCache, app.tokenCache], generation);
  registerJobs(app, { soleProcess: database.kind === "pglite" });
  // The image imports' kinds of job, into the runner's registry; the temporary files of uploads cut short.
  registerMedia(app);
  // The demo pictures a first start leaves to the store (bootstrap --seed --pictures-later).
  registerSeedJobs(app);
  // Jobs that change the catalogue (image imports) bracket their writes like requests do.
  bracketJobWrites(app, generation);
  // Before the scopes, so that its hook times every request (off unless configured).
  registerMetrics(app, config.metrics);

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
  await app.register(apiPlugin, {
    prefix: "/api/v1",
    routes: [
      usersRoutes,
      productsRoutes,
      productPartsRoutes,
      productMediaRoutes,
      couponsRoutes,
      shippingGroupsRoutes,
      taxGroupsRoutes,
      ordersRoutes,
    ],
  });
  await app.register(mediaRoutes);
  await app.register(faviconRoutes);
  await app.register(healthRoutes);
  if (config.mode === "development") await app.register(devOutboxRoutes);

  return app;
}

/**
 * Fastify 5 ignores a bare hop count (it cannot tell the proxy from a direct
 * client), so the count becomes a function: the first `n` hops from the store
 * are proxies whose X-Forwarded-* is believed.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === "number" ? (_address, hop) => hop < trust : trust;
}

/** Trusting every hop lets any client choose its address (per-address limits) and its protocol (the HTTPS rule). */
function warnAboutTrustProxy(app: FastifyInstance, config: StoreConfig) {
  if (config.trustProxy === true) {
    app.log.warn(
      { trustProxy: true },
      "STORE_API_TRUST_PROXY=true trusts X-Forwarded-* from every hop, so any client can claim any address or HTTPS; " +
        "set it to your proxy's address (e.g. 127.0.0.1) or a hop count",
    );
  } else if (typeof config.trustProxy === "number" && !isLoopbackHost(config.host)) {
    app.log.warn(
      { trustProxy: config.trustProxy, host: config.host },
      `STORE_API_TRUST_PROXY=${config.trustProxy} trusts whoever connects to ${config.host}; ` +
        "make sure only your proxy can reach it, or set the proxy's address instead",
    );
  }
}
