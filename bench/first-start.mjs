#!/usr/bin/env node
// From a fresh clone to a signed-in dashboard, and a restart, beside the code as issue 38 found it
// (item 7: the restart to a third of that code's, the first start after `npm ci` to two thirds):
//
//   1. clone      `git clone` of this repository's last commit, and of the baseline (--baseline REV,
//                 by default 69ee554: the tree before issue 38), each into a temporary folder;
//   2. npm ci     in each, with the local npm cache (--prefer-offline);
//   3. first      `npm start` until its banner, in each in turn: the builds, the store's set-up and
//                 demo seed (scripts/start.mjs); then a sign-in through the store's OAuth form in
//                 Chromium until the dashboard's Home page shows;
//   4. restart    `npm start` again on the same data, until its banner, RESTARTS times, the two trees
//                 taking turns (so that the machine's noise falls on both alike).
//
// Prints each figure for both, the ratios against the goals, the current tree's timeline of its last
// restart and of its first start (`npm start -- --timeline`, .data/start-timeline.jsonl), and the machine.
// Asserts nothing: machines are noisy; run it when the machine is quiet (uptime under 1.5).
//
//   node bench/first-start.mjs [--baseline REV] [--restarts N]     (npm run bench:first-start)
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { root } from "../scripts/lib/processes.mjs";
import { formatTimeline, readTimeline } from "../scripts/lib/timeline.mjs";
import { benchRun, freePort, printMachine, ratio, runBench } from "./lib/harness.mjs";

const { values } = parseArgs({
  options: { baseline: { type: "string", default: "69ee554" }, restarts: { type: "string", default: "3" } },
});
const RESTARTS = Number(values.restarts);
const GOALS = { first: 2 / 3, restart: 1 / 3 };
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-dev-shm-usage"];

const run = benchRun("store-admin-first-start-");
const seconds = (ms) => (ms / 1000).toFixed(1);
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Runs a command in `cwd` to its end; its output is kept for an error. */
function step(command, argv, cwd, env = process.env) {
  const result = spawnSync(command, argv, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${argv.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm start` in a clone, in its own process group; resolves with its console up to the banner. */
function startUntilBanner(cwd, env, args = []) {
  const child = spawn("npm", ["start", ...(args.length ? ["--", ...args] : [])], {
    cwd,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  run.track(child);
  let output = "";
  return {
    child,
    banner: new Promise((resolve, reject) => {
      const onData = (chunk) => {
        output += chunk;
        if (output.includes("Store Admin is running.") && output.includes("Press Ctrl+C")) resolve(output);
      };
      child.stdout.setEncoding("utf8").on("data", onData);
      child.stderr.setEncoding("utf8").on("data", onData);
      child.on("exit", (code) => reject(new Error(`npm start exited (${code}) before its banner:\n${output}`)));
    }),
  };
}

/** Stops `npm start` and everything it started: SIGTERM to its group, as Ctrl+C would. */
function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve();
    }
  });
}

/** A tree to start: its clone, ports and environment (nothing of this shell's npm or store settings). */
async function tree(name, rev) {
  const dir = path.join(run.tmp, name);
  step("git", ["clone", "--quiet", root, dir], run.tmp);
  if (rev) step("git", ["checkout", "--quiet", rev], dir);
  const commit = step("git", ["rev-parse", "--short", "HEAD"], dir).trim();
  const ports = { dashboard: await freePort(), store: await freePort() };
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(npm_|STORE_|NEXTAUTH_|DASHBOARD_|DATABASE_URL$|PORT$|SMTP_URL$|NODE_ENV$)/.test(key)) delete env[key];
  Object.assign(env, { DASHBOARD_PORT: String(ports.dashboard), STORE_API_PORT: String(ports.store) });
  return { name, dir, commit, ports, env, times: { restart: [] } };
}

/** One `npm start` to its banner, timed; stopped again unless `then` keeps it for a moment. */
async function timedStart(t, then) {
  const started = performance.now();
  const start = startUntilBanner(t.dir, t.env, t.name === "current" ? ["--timeline"] : []);
  try {
    const printed = await start.banner;
    const ms = performance.now() - started;
    if (then) await then(printed);
    return { ms, printed };
  } finally {
    await stop(start.child);
    await dataFolderFree(t.dir);
  }
}

/**
 * Waits until the store has let go of its data folder: npm may exit before the servers under it have
 * stopped (scripts/start.mjs stops them), and a start meanwhile would be refused the embedded database.
 */
async function dataFolderFree(dir) {
  const lock = path.join(dir, ".data/store/store.lock");
  const until = Date.now() + 20_000;
  while (fs.existsSync(lock) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

/** Signs in as the banner's owner through the store's form, until a signed-in page shows. */
async function signIn(t, printed, browser) {
  const email = /Sign in as +(\S+)/.exec(printed)?.[1];
  const password = /Password +(\S+)/.exec(printed)?.[1];
  if (!email || !password) throw new Error(`the banner names no owner:\n${printed}`);
  const dashboardUrl = `http://localhost:${t.ports.dashboard}`;
  const page = await browser.newPage();
  await page.goto(`${dashboardUrl}/`);
  await page.waitForURL(/\/signin/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await page.waitForURL((url) => url.port === String(t.ports.store));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.getByRole("button", { name: "Allow", exact: true }).click();
  await page.waitForURL((url) => url.origin === dashboardUrl && !url.pathname.startsWith("/signin"));
  await page.getByRole("heading", { level: 1 }).first().waitFor();
  await page.close();
}

async function main() {
  const trees = [await tree("baseline", values.baseline), await tree("current")];
  for (const t of trees) {
    const started = performance.now();
    step("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], t.dir);
    t.times.npmCi = performance.now() - started;
  }
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  try {
    for (const t of trees) {
      await timedStart(t, async (printed) => {
        const started = performance.now();
        await signIn(t, printed, browser);
        t.times.signIn = performance.now() - started;
      }).then(({ ms }) => (t.times.first = ms));
      if (t.name === "current") t.firstTimeline = readTimeline(path.join(t.dir, ".data/start-timeline.jsonl"));
    }
  } finally {
    await browser.close();
  }
  for (let i = 0; i < RESTARTS; i++)
    for (const t of i % 2 ? [...trees].reverse() : trees) t.times.restart.push((await timedStart(t)).ms);
  const current = trees[1];
  const timeline = readTimeline(path.join(current.dir, ".data/start-timeline.jsonl"));

  const [base, now] = trees;
  const row = (label, a, b, goal) =>
    console.log(
      `  ${label.padEnd(30)} ${seconds(a).padStart(7)} s ${seconds(b).padStart(7)} s   ${ratio(b / a).padStart(7)}${goal ? `  (goal: at most ${ratio(goal)})` : ""}`,
    );
  console.log(`\nnpm start, the baseline (${base.commit}) and this tree (${now.commit}):\n`);
  console.log(`  ${"".padEnd(30)} ${"baseline".padStart(9)} ${"current".padStart(9)}   ratio`);
  row("npm ci", base.times.npmCi, now.times.npmCi);
  row("first start (to its banner)", base.times.first, now.times.first, GOALS.first);
  row("sign-in (to a signed-in page)", base.times.signIn, now.times.signIn);
  row(`restart, median of ${RESTARTS}`, median(base.times.restart), median(now.times.restart), GOALS.restart);
  console.log(
    `  restarts: baseline ${base.times.restart.map(seconds).join(", ")} s; current ${now.times.restart.map(seconds).join(", ")} s`,
  );
  console.log(`\nThis tree's first start, phase by phase:\n${formatTimeline(current.firstTimeline)}`);
  console.log(`\nIts last restart:\n${formatTimeline(timeline)}\n`);
  printMachine();
}

runBench(main);
