// Starting and stopping the store and the dashboard as child processes, shared by
// `npm start` (scripts/start.mjs) and the e2e harness (scripts/e2e.mjs).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
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

/** Whether the store's build (tsc) is missing or older than its sources. */
export function storeIsStale() {
  return (
    mtime("store-api/dist/cli.js") <
    newestMtime(["store-api/src", "store-api/drizzle", "store-api/tsconfig.json", "store-api/package.json"])
  );
}

/** Builds the store (tsc) when its output is missing or older than its sources. */
export function buildStoreIfStale() {
  if (!storeIsStale()) return false;
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

/** Whether the dashboard's build (.next) is missing or older than its sources. */
export function dashboardIsStale() {
  return mtime(".next/BUILD_ID") < newestMtime(DASHBOARD_SOURCES);
}

/** Builds the dashboard (next build) when .next is missing or older than its sources. */
export function buildDashboardIfStale() {
  if (!dashboardIsStale()) return false;
  run(bin("next"), ["build"], { env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  return true;
}

const children = new Set();

function track(child) {
  children.add(child);
  child.on("exit", () => children.delete(child));
}

/**
 * Runs a command to completion in its own process group, tracked like a service
 * so that stopAll() ends it too (a signal during `npm start`'s build or set-up
 * must not leave a `next build` running). spawnSync could not: it blocks the
 * event loop, and with it every signal handler. Resolves with the command's
 * stdout when `capture` is set, or "".
 *
 * With `log` (a file path), its output (what is not captured) is appended to
 * that file instead of the console: a failure's error names the file and
 * carries its last lines, which are what a person needs to see.
 */
export function runTracked(command, args, { env = process.env, capture = false, log } = {}) {
  return new Promise((resolve, reject) => {
    let out = "inherit";
    if (log) {
      fs.mkdirSync(path.dirname(log), { recursive: true });
      fs.appendFileSync(log, `\n$ ${[command, ...args].join(" ")}   (${new Date().toISOString()})\n`);
      out = fs.openSync(log, "a");
    }
    const child = spawn(command, args, {
      cwd: root,
      env,
      detached: true,
      stdio: ["ignore", capture ? "pipe" : out, out],
    });
    // The child holds its own copy of the file descriptor.
    if (typeof out === "number") fs.closeSync(out);
    track(child);
    let stdout = "";
    child.stdout?.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code === 0) return resolve(stdout);
      const failed = `${command} ${args.join(" ")} failed (exit ${code ?? signal})`;
      reject(new Error(log ? `${failed}; its output is in ${log}. Its last lines:\n${lastLines(log, 20)}` : failed));
    });
  });
}

/** The last `n` lines of a text file (a build log), indented, for an error message. */
export function lastLines(file, n) {
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
  return text
    .trimEnd()
    .split("\n")
    .slice(-n)
    .map((line) => `  ${line}`)
    .join("\n");
}

const LONGEST_CONSOLE_LINE = 240;

/** One line of the console, cut short: the whole line stays in the service's log file. */
export function shortLine(text) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > LONGEST_CONSOLE_LINE ? `${line.slice(0, LONGEST_CONSOLE_LINE - 1)}…` : line;
}

const PINO_LEVELS = { 10: "trace", 20: "debug", 30: "info", 40: "warning", 50: "error", 60: "fatal" };

/**
 * What of the store's output (pino's JSON lines, plus the CLI's own plain
 * "store: …" messages) reaches the console, as a function of one line: the
 * line to show, or null. Quiet (`npm start`): warnings and errors only, one
 * short line each. Verbose (`npm run dev`): also one line per request and the
 * other messages. Fastify's "Server listening at http://127.0.0.1:…" is never
 * shown: people are given the localhost address, in the banner.
 */
export function storeConsole({ verbose = false } = {}) {
  const requests = new Map();
  return (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      entry = undefined;
    }
    if (!entry || typeof entry !== "object" || typeof entry.level !== "number") {
      // Plain text is the CLI's own error or warning; indented lines continue one (a stack).
      return line.trim() && !/^\s/.test(line) ? shortLine(line) : null;
    }
    const message = String(entry.msg ?? "");
    if (entry.level >= 40) {
      const cause = entry.err?.message && entry.err.message !== message ? ` (${entry.err.message})` : "";
      return shortLine(`${PINO_LEVELS[entry.level] ?? "error"}: ${message}${cause}`);
    }
    if (!verbose || message.startsWith("Server listening at")) return null;
    if (message === "incoming request" && entry.req) {
      // Shown once completed, as one line; the map stays small whatever happens to a request.
      if (requests.size > 500) requests.delete(requests.keys().next().value);
      requests.set(entry.reqId, `${entry.req.method} ${entry.req.url}`);
      return null;
    }
    if (message === "request completed") {
      const request = requests.get(entry.reqId) ?? "request";
      requests.delete(entry.reqId);
      const took = typeof entry.responseTime === "number" ? ` (${Math.round(entry.responseTime)} ms)` : "";
      return shortLine(`${request} → ${entry.res?.statusCode ?? "?"}${took}`);
    }
    return shortLine(message);
  };
}

/**
 * What of Next.js's output reaches the console: quiet, only what it writes to
 * stderr (its "⚠"/"⨯" lines and the dashboard's own console.warn/error), first
 * lines only (a stack's indented lines stay in the log); verbose, everything.
 */
export function dashboardConsole({ verbose = false } = {}) {
  return (line, stream) => {
    if (verbose) return line;
    if (stream !== "stderr" || !line.trim() || /^[\s})\]]/.test(line)) return null;
    return shortLine(line);
  };
}

/**
 * Starts a long-running service in its own process group (so stopping it stops
 * its children too). Its whole output goes to `<logDir>/<label>.log`; the
 * console gets each line that `show(line, "stdout" | "stderr")` returns
 * (default: every line), prefixed with the label, or nothing when `quiet`.
 */
export function startService(
  label,
  command,
  args,
  env,
  { quiet = false, show = (line) => line, logDir = path.join(root, ".data") } = {},
) {
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  track(child);
  fs.mkdirSync(logDir, { recursive: true });
  const log = fs.createWriteStream(path.join(logDir, `${label}.log`), { flags: "a" });
  for (const [name, stream] of [
    ["stdout", child.stdout],
    ["stderr", child.stderr],
  ]) {
    let buffered = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk) => {
      log.write(chunk);
      if (quiet) return;
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        const shown = show(line, name);
        if (shown !== null && shown !== undefined) process.stdout.write(`[${label}] ${shown}\n`);
      }
    });
  }
  return child;
}

const running = (child) => child.exitCode === null && child.signalCode === null;

/**
 * Stops a service's whole process group: SIGTERM, then SIGKILL when it is still
 * there after `graceMs` (or at once with `force`). Resolves once the child has exited.
 */
export function stopService(child, { force = false, graceMs = 10_000 } = {}) {
  if (!running(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = (signal) => {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is gone already; "exit" follows, or has been seen.
        if (!running(child)) resolve();
      }
    };
    const timer = setTimeout(() => kill("SIGKILL"), force ? 0 : graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    if (!force) kill("SIGTERM");
  });
}

/** Stops every service and tracked command started here; `force` kills them at once. */
export async function stopAll({ force = false } = {}) {
  await Promise.all([...children].map((child) => stopService(child, { force })));
}

/** Whether `url` answers HTTP (any status) within `timeoutMs`; rejects on a refused or cut connection. */
function answers(url, timeoutMs) {
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { timeout: timeoutMs }, (response) => {
      response.resume();
      resolve();
    });
    request.on("timeout", () => request.destroy(new Error(`${url} did not answer within ${timeoutMs} ms`)));
    request.on("error", reject);
  });
}

/**
 * Waits until the URL answers HTTP (any status), or the child exits, or the time runs out. With node:http
 * rather than fetch: undici's first load is some 40 ms of a core while a restart's two servers start.
 */
export async function waitForHttp(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited (code ${child.exitCode}) before it answered; see .data/*.log`);
    try {
      await answers(url, 2000);
      return;
    } catch {
      // Asked often: a restart is about a second, and each server is seen answering within 10 ms.
      await new Promise((r) => setTimeout(r, 10));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
