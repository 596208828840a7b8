import path from "node:path";
import { parseArgs } from "node:util";
import { configurePasswordHashing } from "./auth/secrets.js";
import { checkListenAddress, loadConfig } from "./config.js";
import { startOpening } from "./db/index.js";
import { markStart } from "./ops/timeline.js";

/**
 * `store serve [--credentials FILE --redirect-uri URI …]`. The database starts opening before the app's
 * modules load, so that the two overlap (docs/architecture.md#the-starts-timeline); with --credentials
 * (`npm start` after its first start) the dashboard's app is checked, and its redirect URIs added, in this
 * process before it listens (accounts/bootstrap.ts). A refusal prints one line and exits 1.
 */
export async function serve(argv: string[]): Promise<void> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { credentials: { type: "string" }, "redirect-uri": { type: "string", multiple: true } },
    });
    const file = values.credentials ? path.resolve(values.credentials) : undefined;
    const redirectUris = values["redirect-uri"] ?? [];
    if (file && !redirectUris.length) {
      const { UsageError } = await import("./commands.js");
      throw new UsageError("serve --credentials needs --redirect-uri");
    }
    const config = loadConfig();
    configurePasswordHashing({ logN: config.signIn.scryptLogN });
    // Before the database opens: nothing starts on a refused address.
    checkListenAddress(config);
    // PGlite is constructed before the app's modules load, so that its files are read meanwhile.
    const database = await startOpening({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePool,
    });
    markStart("database opening");
    const [{ startServer }, { bootstrapDashboardApp }] = await Promise.all([
      import("./server.js"),
      import("./accounts/bootstrap.js"),
    ]);
    markStart("server's modules loaded");
    await startServer(config, {
      database,
      prepare: file ? (db) => bootstrapDashboardApp(db, config, { file, redirectUris }).then(() => {}) : undefined,
    });
  } catch (err) {
    const { reportAndExit } = await import("./commands.js");
    reportAndExit(err);
  }
}
