#!/usr/bin/env node
// From a fresh clone to a signed-in dashboard (issue 29, item 10), against the goal of 45 s:
//
//   1. clone      `git clone` of this repository (its last commit) into a temporary folder;
//   2. npm ci     with the local npm cache (--prefer-offline: the registry only for what it lacks);
//   3. npm start  until its banner: the store's build, set-up and demo seed beside the dashboard's
//                 build (scripts/start.mjs);
//   4. sign-in    the owner the banner names, through the store's OAuth form in Chromium, until the
//                 dashboard's Home page shows.
//
// Prints each phase's seconds, the total against the goal, how many lines `npm start` printed before
// its banner (the builds' output belongs in .data/build.log), and the machine. Asserts nothing:
// machines are noisy, and this one is shared; run it when the machine is quiet.
//
//   node bench/first-start.mjs              (npm run bench:first-start)
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { chromium } from "@playwright/test";
import { root } from "../scripts/lib/processes.mjs";
import { benchRun, freePort, printMachine, runBench } from "./lib/harness.mjs";

const GOAL_S = 45;
const CHROMIUM_FLAGS = ["--no-sandbox", "--disable-dev-shm-usage"];

const run = benchRun("store-admin-first-start-");
const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs a command in `cwd` to its end; its output is kept for an error. */
function step(command, argv, cwd, env = process.env) {
  const result = spawnSync(command, argv, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${argv.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** `npm start` in the clone, in its own process group; resolves with its console up to the banner. */
function startUntilBanner(cwd, env) {
  const child = spawn("npm", ["start"], { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
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

async function main() {
  const phases = [];
  const timed = async (name, fn) => {
    const started = performance.now();
    const value = await fn();
    phases.push([name, performance.now() - started]);
    return value;
  };
  const clone = path.join(run.tmp, "store-admin");

  await timed("clone", () => step("git", ["clone", "--quiet", root, clone], run.tmp));
  const commit = step("git", ["rev-parse", "--short", "HEAD"], clone).trim();
  await timed("npm ci", () => step("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], clone));

  const ports = { dashboard: await freePort(), store: await freePort() };
  // Nothing of this shell's npm or store settings leaks in.
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (/^(npm_|STORE_|NEXTAUTH_|DASHBOARD_|DATABASE_URL$|PORT$|SMTP_URL$|NODE_ENV$)/.test(key)) delete env[key];
  Object.assign(env, { DASHBOARD_PORT: String(ports.dashboard), STORE_API_PORT: String(ports.store) });
  const started = startUntilBanner(clone, env);
  let printed = "";
  try {
    printed = await timed("npm start (to its banner)", () => started.banner);
    const email = /Sign in as +(\S+)/.exec(printed)?.[1];
    const password = /Password +(\S+)/.exec(printed)?.[1];
    if (!email || !password) throw new Error(`the banner names no owner:\n${printed}`);
    const dashboardUrl = `http://localhost:${ports.dashboard}`;

    const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_FLAGS });
    try {
      await timed("sign-in (to a signed-in Home page)", async () => {
        const page = await browser.newPage();
        await page.goto(`${dashboardUrl}/`);
        await page.waitForURL(/\/signin/);
        await page.getByRole("button", { name: "Sign in with your store" }).click();
        await page.waitForURL((url) => url.port === String(ports.store));
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill(password);
        await page.getByRole("button", { name: "Sign in", exact: true }).click();
        await page.getByRole("button", { name: "Allow", exact: true }).click();
        await page.waitForURL((url) => url.origin === dashboardUrl && !url.pathname.startsWith("/signin"));
        await page.getByRole("heading", { level: 1 }).first().waitFor();
      });
    } finally {
      await browser.close();
    }
  } finally {
    await stop(started.child);
  }

  const total = phases.reduce((sum, [, ms]) => sum + ms, 0);
  const beforeBanner = printed.slice(0, printed.indexOf("Store Admin is running.")).trim().split("\n");
  console.log(`\nFirst start of a fresh clone (commit ${commit}):\n`);
  for (const [name, ms] of phases) console.log(`  ${name.padEnd(36)} ${seconds(ms).padStart(6)} s`);
  console.log(`  ${"total".padEnd(36)} ${seconds(total).padStart(6)} s  (goal: at most ${GOAL_S} s)`);
  console.log(`\nnpm start printed ${beforeBanner.length} lines before its banner:`);
  for (const line of beforeBanner) console.log(`  | ${line}`);
  printMachine();
}

runBench(main);
