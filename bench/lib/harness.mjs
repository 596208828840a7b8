// What every bench shares (bench/*.mjs): its server processes (started, waited for, stopped, and
// killed with its temporary folder when the bench exits), free ports, a fresh PostgreSQL database,
// a seeded store with a signed-in token, the store's OAuth code flow as a browser walks it, and
// HTTP load with its latencies. Benches print figures; none asserts a time (machines are noisy).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { bin, root, runJson, waitForHttp } from "../../scripts/lib/processes.mjs";

const storeRequire = createRequire(path.join(root, "store-api/package.json"));
/** The built store's command line. */
export const storeCli = path.join(root, "store-api/dist/cli.js");
/** The store user a bench signs in as (`store user create`: every permission). */
export const BENCH_USER = { email: "bench@example.com", password: "bench-password-1234" };
/** The redirect URI of a bench's OAuth application: nothing listens there (the code is taken from the Location). */
const BENCH_REDIRECT_URI = "http://127.0.0.1:9/callback";

/**
 * A bench's processes and temporary folder (`tmp`), all gone when it exits, even on Ctrl-C.
 * `cleanups` takes more to undo (async functions, run by the bench at its end).
 */
export function benchRun(prefix) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const children = [];
  const cleanups = [];
  const cleanUp = () => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.on("exit", cleanUp);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

  /** Starts a server process; resolves with it and the first line it prints that `pick` accepts. */
  function startProcess(command, argv, env, pick) {
    const child = spawn(command, argv, { cwd: root, env, stdio: ["ignore", "pipe", "inherit"] });
    children.push(child);
    return new Promise((resolve, reject) => {
      let buffer = "";
      const onData = (chunk) => {
        buffer += chunk;
        for (const line of buffer.split("\n").slice(0, -1)) {
          const found = pick(line);
          if (found) {
            child.stdout.off("data", onData);
            child.stdout.resume(); // the rest (request logs) is read and dropped
            return resolve({ child, found });
          }
        }
        buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
      };
      child.stdout.setEncoding("utf8").on("data", onData);
      child.on("exit", (code) =>
        reject(new Error(`${command} ${argv.join(" ")} exited (${code}) before it was ready`)),
      );
    });
  }

  function stopProcess(child) {
    if (child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
  }

  /** A process started otherwise (a one-off command), killed with the rest if still running at exit. */
  const track = (child) => children.push(child);

  /**
   * Runs the built store's `seed` (with `args`, such as `--products N`) in `env` (with another
   * build's `cli` when given); resolves with the last line it printed (its summary) and fails when
   * it fails.
   */
  async function seedStore(args, env, cli = storeCli) {
    const seed = spawn(process.execPath, [cli, "seed", ...args], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    track(seed);
    let output = "";
    seed.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
    const code = await new Promise((resolve) => seed.on("close", resolve));
    if (code !== 0) throw new Error(`store seed failed (exit ${code})`);
    return output.trim().split("\n").at(-1);
  }

  /**
   * Starts the built dashboard (`next start` on `port`) as the store at `storeBase`'s application
   * `client`, and mints the session cookie next-auth would write after `granted` (a token
   * response) signed in (lib/auth.ts, lib/session-token.ts). Resolves with the process and the
   * cookie's value (`next-auth.session-token`). `dir`: another checkout's build to serve instead of
   * this one's (its own .next and node_modules; a bench's baseline).
   */
  async function startDashboard({ port, storeBase, client, granted, dir }) {
    const base = `http://127.0.0.1:${port}`;
    const secret = randomBytes(32).toString("hex");
    const { child } = await startProcess(
      bin("next"),
      ["start", ...(dir ? [dir] : []), "-p", String(port), "-H", "127.0.0.1"],
      {
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        STORE_BASE_URL: storeBase,
        STORE_PUBLIC_URL: storeBase,
        STORE_CLIENT_ID: client.client_id,
        STORE_CLIENT_SECRET: client.client_secret,
        NEXTAUTH_URL: base,
        NEXTAUTH_SECRET: secret,
      },
      (line) => /Ready|started server|Local:/i.test(line),
    );
    await waitForHttp(`${base}/signin`, child, 60_000);
    const session = await encode({
      secret,
      token: {
        accessToken: granted.access_token,
        scope: granted.scope ?? null,
        expiresAt: null,
        storeUser: granted.user
          ? { id: String(granted.user.id), email: granted.user.email, permissions: granted.user.permissions }
          : null,
        storeUrl: storeBase,
        refused: [],
      },
    });
    return { child, session };
  }

  /**
   * A fresh PostgreSQL database on the server of `adminUrl`, dropped when the bench ends (by
   * `cleanups`); resolves with its URL. When nothing answers at `adminUrl`: null, with a note, if
   * `optional` (a default server the bench merely tries), and the error otherwise.
   */
  async function freshPostgres(adminUrl, { optional = false } = {}) {
    const { default: pg } = await import(pathToFileURL(storeRequire.resolve("pg")).href);
    const name = `store_bench_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
    try {
      await admin.connect();
    } catch (err) {
      if (!optional) throw err;
      console.log(
        `\n(PostgreSQL skipped: nothing answers at ${adminUrl.replace(/\/\/[^@/]*@/, "//…@")}: ${err.message})`,
      );
      return null;
    }
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    });
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /**
   * A store of the bench's own, named `label` (its data folder is tmp/<label>), on the PostgreSQL
   * database at `databaseUrl` or, when null, on PGlite. Seeded first when `seed` is given (`store
   * seed` with `seed.args`; it prints "Seeding a fresh store with `seed.what`" and the seed's
   * summary, through `seed.shorten` when given); then a registered app with `scope`, the bench
   * user, and the store serving on a free port with the rate limit off (a bench's requests would
   * hit it) and its request logs on (thrown away), as in production: `node ...nodeArgs <cli>
   * serve`, with `env` added to its environment (`cli`: another build of the store, to compare).
   * Resolves with the process (`child`), `port`, `base`, the registered app (`client`), the token response of the OAuth code flow
   * as a browser walks it (`granted`, with `scope`), its header (`auth`), and `restart()`: the same
   * store served again on the same port by a fresh process, with a new token (resolves the same).
   */
  async function seededStore({
    label,
    databaseUrl = null,
    seed = null,
    scope = "admin",
    cli = storeCli,
    nodeArgs = [],
    env: more = {},
  }) {
    const dataDir = path.join(tmp, label);
    const env = (extra = {}) =>
      storeEnvironment({
        STORE_API_DATA_DIR: dataDir,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...extra,
      });
    if (seed) {
      console.log(`\n[${label}] Seeding a fresh store with ${seed.what}…`);
      const summary = await seedStore(seed.args ?? [], env(), cli);
      console.log(`  ${seed.shorten ? seed.shorten(summary) : summary}`);
    }
    const redirectUri = BENCH_REDIRECT_URI;
    const client = runJson(
      process.execPath,
      [cli, "app", "create", "--name", "Bench", "--redirect-uri", redirectUri, "--scopes", scope],
      { env: env() },
    );
    runJson(process.execPath, [cli, "user", "create", "--email", BENCH_USER.email, "--password", BENCH_USER.password], {
      env: env(),
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const serve = async () => {
      const { child } = await startProcess(
        process.execPath,
        [...nodeArgs, cli, "serve"],
        env({
          STORE_API_PORT: String(port),
          STORE_API_PUBLIC_URL: base,
          STORE_API_RATE_LIMIT: "0",
          STORE_API_LOG_LEVEL: "info",
          ...more,
        }),
        (line) => line.includes("Server listening at"),
      );
      await waitForHttp(`${base}/`, child, 60_000);
      const granted = await tokenResponse(base, { client, user: BENCH_USER, scope, redirectUri });
      const restart = async () => {
        await stopProcess(child);
        return serve();
      };
      return { child, port, base, client, granted, auth: { authorization: `Bearer ${granted.access_token}` }, restart };
    };
    return serve();
  }

  return {
    tmp,
    cleanups,
    startProcess,
    stopProcess,
    track,
    seedStore,
    startDashboard,
    freshPostgres,
    seededStore,
  };
}

/** The bundled store's environment for a bench: this shell's, without its STORE_* settings and DATABASE_URL. */
export function storeEnvironment(more = {}) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("STORE_") && k !== "DATABASE_URL"),
  );
  return { ...env, ...more };
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A cookie jar over fetch, enough for the store's sign-in and consent pages. */
function browser(base) {
  const cookies = new Map();
  return async (pathOrUrl, form) => {
    const headers = { origin: base };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (form) headers["content-type"] = "application/x-www-form-urlencoded";
    const res = await fetch(new URL(pathOrUrl, base), {
      method: form ? "POST" : "GET",
      headers,
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [name, ...value] = c.split(";")[0].split("=");
      cookies.set(name.trim(), value.join("="));
    }
    return { res, text: await res.text() };
  };
}

/** The hidden fields of the form posting to `action`. */
function hiddenFields(html, action) {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const unescape = (v) =>
    v
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  return Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], unescape(m[2])]),
  );
}

/**
 * The token response of the OAuth code flow, as the dashboard gets one: the authorize page,
 * the sign-in form (as `user`), consent, and the code exchanged at /oauth2/access_token.
 */
export async function tokenResponse(base, { client, user, scope, redirectUri }) {
  const go = browser(base);
  const query = new URLSearchParams({
    client_id: client.client_id,
    response_type: "code",
    redirect_uri: redirectUri,
    scope,
  });
  let page = await go(`/oauth2/authorize?${query}`);
  if (page.text.includes('action="/oauth2/login"')) {
    const signedIn = await go("/oauth2/login", { ...hiddenFields(page.text, "/oauth2/login"), ...user });
    if (signedIn.res.status !== 303) throw new Error(`sign-in answered ${signedIn.res.status}`);
    page = await go(signedIn.res.headers.get("location"));
  }
  const decided = await go("/oauth2/authorize", { ...hiddenFields(page.text, "/oauth2/authorize"), decision: "allow" });
  const code = new URL(decided.res.headers.get("location")).searchParams.get("code");
  if (!code) throw new Error(`no authorization code (consent answered ${decided.res.status})`);
  const token = await fetch(`${base}/oauth2/access_token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      client_secret: client.client_secret,
    }),
  });
  if (token.status !== 200) throw new Error(`the token exchange answered ${token.status}`);
  return token.json();
}

/**
 * Requests per second and latency percentiles (ms) of `pathname` for `seconds`, with
 * `connections` at once, after a warm-up. `pathname` may be a function of the request's
 * sequence number (a new URL each time). Any status but 200 stops the bench.
 */
export async function measure(port, pathname, headers, connections, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let sequence = 0;
  const once = () =>
    new Promise((resolve, reject) => {
      const path = typeof pathname === "function" ? pathname(++sequence) : pathname;
      const req = http.get({ host: "127.0.0.1", port, path, headers, agent }, (res) => {
        res.on("data", () => {});
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`GET ${path} answered ${res.statusCode}`)),
        );
      });
      req.on("error", reject);
    });
  const run = async (ms) => {
    const latencies = [];
    const end = performance.now() + ms;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < end) {
          const t = performance.now();
          await once();
          latencies.push(performance.now() - t);
        }
      }),
    );
    return latencies;
  };
  await run(Math.min(1000, seconds * 200)); // warm-up: connections open, code paths hot
  const started = performance.now();
  const latencies = await run(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { rps: latencies.length / elapsed, p50: at(0.5), p90: at(0.9), p99: at(0.99) };
}

/**
 * One request to `url` over `agent` (keep-alive), with a URL-encoded form when given: its status (0
 * when no answer came), body as JSON (undefined when it is not), headers, and milliseconds taken.
 */
export function formRequest(agent, url, { method = "GET", headers = {}, form } = {}) {
  const target = new URL(url);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname + target.search,
        method,
        agent,
        headers: {
          ...headers,
          ...(body
            ? { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, json, text, headers: res.headers, ms: performance.now() - started });
        });
      },
    );
    req.on("error", () =>
      resolve({ status: 0, json: undefined, text: "", headers: {}, ms: performance.now() - started }),
    );
    req.end(body);
  });
}

/** A ratio with enough digits to tell a small one from zero. */
export const ratio = (r) => `${r.toFixed(r < 0.1 ? 4 : 2)}×`;

/** The machine the figures were measured on: a line under every bench's table. */
export function printMachine() {
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
  console.log(`Machine: ${os.cpus().length} CPU(s), load average ${load}.`);
}

/** Runs a bench's main, then its cleanups (databases, folders), and exits 0, or 1 with the error. */
export function runBench(main, cleanups = []) {
  const cleanUp = async () => {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
  };
  main()
    .then(async () => {
      await cleanUp();
      process.exit(0);
    })
    .catch(async (err) => {
      console.error(`bench: ${err.stack ?? err.message}`);
      await cleanUp();
      process.exit(1);
    });
}
