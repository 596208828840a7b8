// A throw-away PostgreSQL cluster of its own (initdb, pg_ctl) in a temporary folder, on a free port,
// for benches that stop and start the server under the store (the machine's PostgreSQL is left alone).
// The store's tests have the same in TypeScript (store-api/test/helpers/pg-cluster.ts).
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./harness.mjs";

const run = promisify(execFile);
export const POSTGRES_BIN = "/usr/lib/postgresql/15/bin";
export const hasPostgresBinaries = fs.existsSync(path.join(POSTGRES_BIN, "initdb"));

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
async function asOwner(bin, args) {
  const file = path.join(POSTGRES_BIN, bin);
  if (process.getuid?.() === 0) await run("runuser", ["-u", "postgres", "--", file, ...args]);
  else await run(file, args);
}

/** Starts a cluster; resolves with its `url` and `stop(mode)`, `start()`, `destroy()`. */
export async function startPgCluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-pg-"));
  if (process.getuid?.() === 0) await run("chown", ["postgres:", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  await asOwner("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
  // No fsync: a killed server keeps what it wrote to the operating system, so acknowledged commits
  // survive `stop -m immediate` (the machine does not crash here).
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () => asOwner("pg_ctl", ["-D", data, "-o", options, "-l", path.join(dir, "log"), "-w", "start"]);
  const stop = (mode = "immediate") => asOwner("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
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
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    process.off("exit", stopAtExit);
    await stop("immediate").catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop, start, destroy };
}
