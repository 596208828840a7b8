import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts, without types
import { bundleStore, storeBundleIsStale } from "./lib/build-store.mjs";
// @ts-expect-error: a plain ES module of the scripts, without types
import { readTimeline } from "./lib/timeline.mjs";

/**
 * `npm start` (scripts/start.mjs) as people run it, with the real store and,
 * instead of `next start` (which needs a dashboard build), a small HTTP server
 * given through STORE_ADMIN_TEST_DASHBOARD. Every way of stopping it must end
 * start.mjs, the store and the dashboard, and release the store's data folder
 * lock, so that the next start works: each test starts on the folder the one
 * before it stopped.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-start-test-"));
const lockFile = path.join(dataDir, "store", "store.lock");
// Generous bounds for a slow machine: a first start seeds the store.
const START_MS = 180_000;
const STOP_MS = 60_000;

// The stand-in dashboard says who it is (and who started it) in its log, .data/dashboard.log.
const STUB_DASHBOARD = `
const http = require("node:http");
console.log(JSON.stringify({ stubDashboard: process.pid, parent: process.ppid }));
http.createServer((req, res) => res.end("stand-in dashboard")).listen(Number(process.env.PORT), "127.0.0.1");
`;

const leftovers: number[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Alive, and not a zombie waiting for a parent to reap it. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

async function until<T>(what: string, check: () => T | undefined | false, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
  ports: { dashboard: number; store: number };
  pids: { start: number; store: number; dashboard: number };
}

/** Starts `npm start` (or start.mjs itself) and waits for its banner. */
async function start(
  how: "npm" | "node",
  { group = false, seed = false, args: extra = [] as string[] } = {},
): Promise<Started> {
  const ports = { dashboard: await freePort(), store: await freePort() };
  // Nothing of the test runner's own npm or store settings leaks in, nor its NODE_ENV ("test").
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(npm_|STORE_|NEXTAUTH_|DASHBOARD_|DATABASE_URL$|PORT$|SMTP_URL$|NODE_ENV$)/.test(key)) delete env[key];
  Object.assign(env, {
    STORE_ADMIN_DATA_DIR: dataDir,
    STORE_ADMIN_TEST_DASHBOARD: JSON.stringify([process.execPath, "-e", STUB_DASHBOARD]),
    DASHBOARD_PORT: String(ports.dashboard),
    STORE_API_PORT: String(ports.store),
    // The demo catalogue takes a while to draw: only the test that checks it pays for it.
    ...(seed ? {} : { STORE_ADMIN_SEED: "0" }),
  });
  const command = how === "npm" ? "npm" : process.execPath;
  const args = how === "npm" ? ["start", ...(extra.length ? ["--", ...extra] : [])] : ["scripts/start.mjs", ...extra];
  const child = spawn(command, args, {
    cwd: root,
    detached: group,
    stdio: ["ignore", "pipe", "pipe"],
    env,
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  let exitedYet = false;
  const exited = new Promise<void>((resolve) => child.on("close", () => ((exitedYet = true), resolve())));
  await until(
    "the banner",
    () => {
      if (exitedYet) throw new Error(`npm start stopped before it was running:\n${output}`);
      return output.includes("Store Admin is running.");
    },
    START_MS,
  );
  const stub = await until(
    "the dashboard's log line",
    () =>
      fs
        .readFileSync(path.join(dataDir, "dashboard.log"), "utf8")
        .split("\n")
        .filter((l) => l.includes("stubDashboard"))
        .map((l) => JSON.parse(l) as { stubDashboard: number; parent: number })
        .at(-1),
    STOP_MS,
  );
  const store = Number(fs.readFileSync(lockFile, "utf8"));
  leftovers.push(child.pid!, stub.parent, store, stub.stubDashboard);
  return {
    child,
    output: () => output,
    exited,
    ports,
    pids: { start: stub.parent, store, dashboard: stub.stubDashboard },
  };
}

/** After a stop: the process signalled and every process started gone, the lock released. */
async function expectStopped(started: Started) {
  const pids = Object.entries({ signalled: started.child.pid!, ...started.pids });
  // A bound, not a timing: whatever is still there afterwards is named by the assertion.
  await until("every process to end", () => pids.every(([, pid]) => !isAlive(pid)), STOP_MS).catch(() => undefined);
  expect(pids.filter(([, pid]) => isAlive(pid)).map(([name]) => name)).toEqual([]);
  expect(fs.existsSync(lockFile)).toBe(false);
  await started.exited;
}

beforeAll(async () => {
  if (storeBundleIsStale()) await bundleStore();
}, START_MS);

afterAll(() => {
  // A failed test leaves nothing running: only processes these tests started.
  for (const pid of leftovers) if (isAlive(pid)) process.kill(pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start's options", () => {
  const runStart = (...args: string[]) =>
    spawnSync(process.execPath, ["scripts/start.mjs", ...args], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, STORE_ADMIN_DATA_DIR: path.join(dataDir, "not-started") },
    });

  it("--help prints the options and starts nothing; an unknown option is refused with them", () => {
    const help = runStart("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("Usage: npm start");
    expect(help.stdout).toContain("--timeline");
    const refused = runStart("--seed-please");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain("unknown option --seed-please");
    // Neither built nor set up anything: no data folder, no timeline.
    expect(fs.existsSync(path.join(dataDir, "not-started"))).toBe(false);
  });
});

describe("npm start", () => {
  it(
    "shows a banner of localhost addresses, and no request logs; SIGTERM to it stops everything",
    async () => {
      const started = await start("node", { seed: true });
      const { dashboard, store } = started.ports;
      // The store answered start.mjs's readiness check: that request is in the store's log file.
      await until(
        "the store's request log",
        () => fs.readFileSync(path.join(dataDir, "store.log"), "utf8").includes("request completed"),
        STOP_MS,
      );
      const credentials = JSON.parse(fs.readFileSync(path.join(dataDir, "store-credentials.json"), "utf8")) as {
        owner_email: string;
        owner_password: string;
      };

      process.kill(started.pids.start, "SIGTERM");
      await expectStopped(started);

      const output = started.output();
      expect(output).toContain(`Dashboard   http://localhost:${dashboard}`);
      expect(output).toContain(`http://localhost:${store}/docs`);
      expect(output).toContain(credentials.owner_email);
      expect(output).toContain(credentials.owner_password);
      expect(output).toContain(`http://localhost:${store}/dev/outbox with a token of a user who may manage users`);
      expect(output).toContain("Ctrl+C");
      // The first start added the demo catalogue (store seed) and says so.
      expect(output).toMatch(/Demo data +added: \d+ products in \d+ categories, .*; 5 coupons/);
      expect(output).not.toContain("127.0.0.1");
      expect(output).not.toContain("request completed");
      expect(output).not.toContain("incoming request");
    },
    START_MS + STOP_MS,
  );

  it(
    "a later start runs the store once (serve --credentials) with the dashboard beside it; --timeline shows the phases",
    async () => {
      const started = await start("node", { args: ["--timeline"] });
      process.kill(started.pids.start, "SIGTERM");
      await expectStopped(started);
      const timeline = readTimeline(path.join(dataDir, "start-timeline.jsonl")) as { source: string; phase: string }[];
      const at = (source: string, phase: string) => timeline.findIndex((e) => e.source === source && e.phase === phase);
      // One store process: no `bootstrap` before `serve`.
      expect(timeline.filter((e) => e.source === "store" && e.phase === "process started")).toHaveLength(1);
      for (const phase of ["database open", "dashboard's app checked", "app built", "listening"])
        expect(at("store", phase), phase).toBeGreaterThan(-1);
      // The dashboard did not wait for the store's set-up: it started with the store, before it listened.
      expect(at("npm start", "dashboard started")).toBeLessThan(at("store", "database open"));
      // The banner comes last; only the embedded database's planner statistics, brought up to date once the
      // store listens, may come after it.
      const afterBanner = timeline.slice(at("npm start", "banner") + 1).map((e) => `${e.source}: ${e.phase}`);
      expect(afterBanner.filter((e) => e !== "store: planner statistics")).toEqual([]);
      expect(started.output()).toContain("The start's timeline");
      expect(started.output()).toMatch(/\d+\.\d\d s {2}store +listening/);
    },
    START_MS + STOP_MS,
  );

  it(
    "a store set up anew under the kept credentials registers the dashboard again, and the dashboard restarts with them",
    async () => {
      const credentialsFile = path.join(dataDir, "store-credentials.json");
      const before = JSON.parse(fs.readFileSync(credentialsFile, "utf8")) as { client_id: string };
      fs.rmSync(path.join(dataDir, "store"), { recursive: true, force: true });
      const started = await start("node");
      const after = JSON.parse(fs.readFileSync(credentialsFile, "utf8")) as { client_id: string };
      expect(after.client_id).not.toBe(before.client_id);
      // Two stand-in dashboards in the log: the first, with the old credentials, was stopped.
      const stubs = fs
        .readFileSync(path.join(dataDir, "dashboard.log"), "utf8")
        .split("\n")
        .filter((l) => l.includes("stubDashboard"))
        .map((l) => (JSON.parse(l) as { stubDashboard: number }).stubDashboard);
      const first = stubs.at(-2)!;
      leftovers.push(first);
      expect(stubs.at(-1)).toBe(started.pids.dashboard);
      expect(isAlive(first)).toBe(false);
      expect(started.output()).not.toContain("stopped (");
      process.kill(started.pids.start, "SIGTERM");
      await expectStopped(started);
    },
    START_MS + STOP_MS,
  );

  it(
    "stops everything on SIGTERM to the npm process (which passes it only to its shell)",
    async () => {
      const started = await start("npm");
      process.kill(started.child.pid!, "SIGTERM");
      await expectStopped(started);
    },
    START_MS + STOP_MS,
  );

  it(
    "stops everything on Ctrl+C (SIGINT to the whole foreground process group)",
    async () => {
      const started = await start("npm", { group: true });
      process.kill(-started.child.pid!, "SIGINT");
      await expectStopped(started);
    },
    START_MS + STOP_MS,
  );
});
