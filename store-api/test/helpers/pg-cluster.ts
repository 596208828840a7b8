import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

/**
 * A throw-away PostgreSQL cluster of its own (initdb, pg_ctl) in a temporary
 * folder, on a free port, for tests that stop and start the server under the
 * store. The machine's own PostgreSQL is left alone.
 */

const run = promisify(execFile);
export const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";
export const hasPostgresBinaries = fs.existsSync(path.join(POSTGRES_BIN, "initdb"));

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication). */
  url: string;
  /** Stops the server at once: `immediate` kills it (as a crash does), `fast` ends the sessions cleanly. */
  stop(mode?: "immediate" | "fast"): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
async function asOwner(bin: string, args: string[]): Promise<void> {
  const file = path.join(POSTGRES_BIN, bin);
  if (process.getuid?.() === 0) await run("runuser", ["-u", "postgres", "--", file, ...args]);
  else await run(file, args);
}

export async function startPgCluster(): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-pg-"));
  if (process.getuid?.() === 0) await run("chown", ["postgres:", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  await asOwner("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  // Loopback only; sockets in its own folder; no fsync (a throw-away cluster, and a killed server
  // keeps what it wrote to the operating system: acknowledged commits survive `stop -m immediate`).
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => asOwner("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = (mode: "immediate" | "fast" = "immediate") => asOwner("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  await start();
  // A run that ends without destroy (a failed hook, Ctrl-C) still stops its server.
  const stopAtExit = () => {
    const argv = ["-D", data, "-m", "immediate", "-w", "stop"];
    const file = path.join(POSTGRES_BIN, "pg_ctl");
    if (process.getuid?.() === 0) spawnSync("runuser", ["-u", "postgres", "--", file, ...argv], { stdio: "ignore" });
    else spawnSync(file, argv, { stdio: "ignore" });
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", stopAtExit);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      process.off("exit", stopAtExit);
      await stop("immediate").catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
