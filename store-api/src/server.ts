import { buildApp } from "./app.js";
import type { StoreConfig } from "./config.js";
import { checkListenAddress } from "./config.js";
import { gatherStatistics, openDatabase } from "./db/index.js";

/** Opens the database (migrating it), builds the app and listens until SIGINT/SIGTERM. */
export async function startServer(config: StoreConfig) {
  // Before the database opens: nothing starts on a refused address.
  checkListenAddress(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (database.kind === "pglite") await gatherStatistics(database.db);
  const app = await buildApp({ config, database });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind === "pglite" ? `embedded (${config.dataDir})` : "postgresql", mode: config.mode },
    `Store API for ${config.storeName} at ${config.publicUrl}`,
  );
  // Mail that could not be sent (SMTP down) is retried at start and every minute.
  void app.mailer.deliver();
  if (config.smtpUrl) {
    const retry = setInterval(() => void app.mailer.deliver(), 60_000);
    retry.unref();
  }
  return app;
}
