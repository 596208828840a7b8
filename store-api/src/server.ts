import { buildApp } from "./app.js";
import type { StoreConfig } from "./config.js";
import { checkListenAddress } from "./config.js";
import { type Db, gatherStaleStatistics, type OpeningDatabase, startOpening } from "./db/index.js";
import { shutDown } from "./ops/shutdown.js";
import { markStart } from "./ops/timeline.js";

/**
 * Opens the database (migrating it; or takes the one `database` is opening: serve.ts), builds the app while
 * it opens, runs `prepare` on it once open (`serve --credentials`), and listens until SIGINT/SIGTERM, then
 * stops gracefully. Each phase is marked on the start's timeline.
 */
export async function startServer(
  config: StoreConfig,
  {
    prepare,
    database: opening,
  }: { prepare?: ((db: Db) => Promise<void>) | undefined; database?: OpeningDatabase | undefined } = {},
) {
  // Before the database opens: nothing starts on a refused address.
  checkListenAddress(config);
  const database =
    opening ??
    (await startOpening({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePool }));
  // Building the app queries nothing (its first queries are its onReady hooks, at listen), so it is built
  // while PGlite starts and the migrations run; the app listens once both are done.
  const opened = database.ready.then(async () => {
    markStart("database open");
    if (prepare) {
      await prepare(database.db);
      markStart("dashboard's app checked");
    }
  });
  const [app] = await Promise.all([buildApp({ config, database }), opened]);
  markStart("app built");
  // The embedded database's planner statistics are brought up to date once the store serves (app.serving),
  // off the way to its first answer (docs/architecture.md#the-starts-timeline); a stop waits for them.
  const statistics = app.serving.then(async (serving) => {
    if (!serving || database.kind !== "pglite") return;
    try {
      await gatherStaleStatistics(database.db);
      markStart("planner statistics");
    } catch (err) {
      app.log.warn({ err }, "the planner statistics could not be brought up to date");
    }
  });
  app.addHook("preClose", async () => {
    await statistics;
  });
  // SIGTERM (a service manager, a container's stop) and SIGINT (Ctrl-C) stop it gracefully (src/ops/shutdown.ts);
  // a second signal cuts the wait short.
  let cutShort: ((reason: string) => void) | undefined;
  const shutdown = (signal: string) => {
    if (cutShort) return cutShort(`a second ${signal}`);
    const cut = new Promise<string>((resolve) => (cutShort = resolve));
    void shutDown(app, { reason: signal, timeoutMs: config.shutdownTimeoutMs }, cut).then(
      (status) => process.exit(status),
      (err: unknown) => {
        app.log.error({ err }, "the store could not stop cleanly");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  markStart("listening");
  app.log.info(
    { database: database.kind === "pglite" ? `embedded (${config.dataDir})` : "postgresql", mode: config.mode },
    `Store API for ${config.storeName} at ${config.publicUrl}`,
  );
  // Mail that could not be sent (SMTP down) is retried once the store serves, and every minute.
  void app.serving.then(async (serving) => {
    if (serving) await app.mailer.deliver();
  });
  if (config.smtpUrl) {
    const retry = setInterval(() => void app.mailer.deliver(), 60_000);
    retry.unref();
  }
  return app;
}
