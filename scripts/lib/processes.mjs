// Starting and stopping the store and the dashboard as child processes, shared by
// `npm start` (scripts/start.mjs) and the e2e harness (scripts/e2e.mjs).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const bin = (name) => path.join(root, "node_modules/.bin", name);

/** Runs a command to completion, inheriting output; throws when it fails. */
export function run(command, args, opts = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...opts });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
  return result;
}

/** Runs a command and returns its stdout parsed as JSON; stderr passes through. */
export function runJson(command, args, opts = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    ...opts,
  });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
  return JSON.parse(result.stdout);
}

/** Newest modification time (ms) of the files below the given paths. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const entry of fs.readdirSync(p))
        if (entry !== "node_modules" && !entry.startsWith(".")) visit(path.join(p, entry));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

const mtime = (p) => {
  try {
    return fs.statSync(path.join(root, p)).mtimeMs;
  } catch {
    return 0;
  }
};

/** Builds the store (tsc) when its output is missing or older than its sources. */
export function buildStoreIfStale() {
  if (
    mtime("store-api/dist/cli.js") >=
    newestMtime(["store-api/src", "store-api/drizzle", "store-api/tsconfig.json", "store-api/package.json"])
  )
    return false;
  run("npm", ["run", "-s", "build:store"]);
  return true;
}

export const DASHBOARD_SOURCES = [
  "app",
  "components",
  "lib",
  "public",
  "proxy.ts",
  "next.config.mjs",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package.json",
  "package-lock.json",
];

/** Builds the dashboard (next build) when .next is missing or older than its sources. */
export function buildDashboardIfStale() {
  if (mtime(".next/BUILD_ID") >= newestMtime(DASHBOARD_SOURCES)) return false;
  run(bin("next"), ["build"], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return true;
}

const children = new Set();

/**
 * Starts a long-running service in its own process group (so stopping it stops
 * its children too), prefixing its output with a label.
 */
export function startService(label, command, args, env, { quiet = false } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  fs.mkdirSync(path.join(root, ".data"), { recursive: true });
  const log = fs.createWriteStream(path.join(root, `.data/${label}.log`), { flags: "a" });
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream.on("data", (chunk) => {
      log.write(chunk);
      if (quiet) return;
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`[${label}] ${line}\n`);
    });
  }
  child.on("exit", () => children.delete(child));
  return child;
}

export function stopService(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve();
    }
  });
}

export async function stopAll() {
  await Promise.all([...children].map(stopService));
}

/** Waits until the URL answers HTTP (any status), or the child exits, or the time runs out. */
export async function waitForHttp(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (code ${child.exitCode}) before it answered; see .data/*.log`);
    try {
      await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(2000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
