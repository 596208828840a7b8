import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// Each child process opens its own embedded database: slower than an HTTP test.
const SLOW = 120_000;
import { checkListenAddress, ConfigError, loadConfig } from "../../src/config.js";

/**
 * The real CLI as a child process: where development mode may listen
 * (docs/contract.md#modes), and the redirect URIs production mode registers.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const temp = fs.mkdtempSync(path.join(os.tmpdir(), "store-cli-test-"));
afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));

function storeEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("STORE_API_") && k !== "DATABASE_URL"),
  );
  return { ...base, STORE_API_PORT: "0", STORE_API_LOG_LEVEL: "info", ...env };
}

/**
 * Runs `store <args>`; resolves when it exits, or once its output contains
 * `until` (then it is stopped with SIGTERM, as a service manager would).
 */
function cli(args: string[], env: Record<string, string>, until?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string; reached: boolean }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "store-api/src/cli.ts", ...args], {
      cwd: root,
      env: storeEnv(env),
    });
    let stdout = "";
    let stderr = "";
    let reached = false;
    const check = () => {
      if (until && !reached && (stdout + stderr).includes(until)) {
        reached = true;
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", (d: Buffer) => ((stdout += d.toString()), check()));
    child.stderr.on("data", (d: Buffer) => ((stderr += d.toString()), check()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr, reached }));
  });
}

// The CLI runs on the embedded database (its own data folder) whatever
// TEST_DATABASE_URL says: the PGlite run covers it, the PostgreSQL run skips it.
const onEmbeddedRun = !process.env.TEST_DATABASE_URL;

describe.runIf(onEmbeddedRun)("store serve in development mode", () => {
  it(
    "refuses a non-loopback STORE_API_HOST, naming both ways out, before opening anything",
    async () => {
      const dataDir = path.join(temp, "refused");
      // Were it to start after all, it is stopped rather than left listening.
      const res = await cli(["serve"], { STORE_API_HOST: "0.0.0.0", STORE_API_DATA_DIR: dataDir }, "Store API for");
      expect(res.reached).toBe(false);
      expect(res.code).not.toBe(0);
      expect(res.stderr).toContain("store: The store is in development mode");
      expect(res.stderr).toContain("not on 0.0.0.0");
      expect(res.stderr).toContain("STORE_API_MODE=production");
      expect(res.stderr).toContain("STORE_API_ALLOW_REMOTE_DEV=true");
      expect(res.stdout).not.toContain("Store API for");
      // It stopped before the database: the data folder was never created.
      expect(fs.existsSync(dataDir)).toBe(false);
    },
    SLOW,
  );

  it(
    "starts on 0.0.0.0 when STORE_API_ALLOW_REMOTE_DEV=true says so",
    async () => {
      const res = await cli(
        ["serve"],
        {
          STORE_API_HOST: "0.0.0.0",
          STORE_API_ALLOW_REMOTE_DEV: "true",
          STORE_API_DATA_DIR: path.join(temp, "remote"),
        },
        "Store API for",
      );
      expect(res.reached).toBe(true);
      expect(res.stderr).toBe("");
    },
    SLOW,
  );

  it(
    "starts on the default host, as npm start and the e2e harness run it",
    async () => {
      const res = await cli(["serve"], { STORE_API_DATA_DIR: path.join(temp, "default") }, "Store API for");
      expect(res.reached).toBe(true);
      expect(res.stdout).toMatch(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
    },
    SLOW,
  );
});

describe("checkListenAddress", () => {
  const check = (env: Record<string, string>) => () => checkListenAddress(loadConfig(env));
  it("allows loopback in development, anything in production or when allowed", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "LOCALHOST", "127.0.0.2"])
      expect(check({ STORE_API_HOST: host })).not.toThrow();
    for (const host of ["0.0.0.0", "::", "192.168.1.4", "store.example.com"]) {
      expect(check({ STORE_API_HOST: host })).toThrow(ConfigError);
      expect(check({ STORE_API_HOST: host, STORE_API_MODE: "production" })).not.toThrow();
      expect(check({ STORE_API_HOST: host, STORE_API_ALLOW_REMOTE_DEV: "true" })).not.toThrow();
    }
  });
});

describe.runIf(onEmbeddedRun)("store app create in production mode", () => {
  it(
    "refuses a plain-http redirect URI to another machine, and takes https or loopback",
    async () => {
      const env = { STORE_API_MODE: "production", STORE_API_DATA_DIR: path.join(temp, "apps") };
      const refused = await cli(
        ["app", "create", "--name", "Remote", "--redirect-uri", "http://admin.example.com/api/auth/callback/store"],
        env,
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        "store: Redirect URI http://admin.example.com/api/auth/callback/store must use https in production mode",
      );
      expect(refused.stdout).not.toContain("client_secret");

      const created = await cli(
        [
          "app",
          "create",
          "--name",
          "Fine",
          "--redirect-uri",
          "https://admin.example.com/api/auth/callback/store",
          "--redirect-uri",
          "http://localhost:3000/api/auth/callback/store",
        ],
        env,
      );
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toEqual({ client_id: expect.any(String), client_secret: expect.any(String) });
    },
    SLOW,
  );
});

describe.runIf(onEmbeddedRun)("store bootstrap", () => {
  it(
    "prints the credentials with the store's name, on the first start and the next ones",
    async () => {
      const env = { STORE_API_DATA_DIR: path.join(temp, "bootstrap"), STORE_NAME: "Corner Shop" };
      const credentials = path.join(temp, "bootstrap-credentials.json");
      const args = ["bootstrap", "--redirect-uri", "http://localhost:3000/api/auth/callback/store"];
      const first = await cli([...args, "--credentials", credentials], env);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({
        client_id: expect.any(String),
        owner_email: "owner@example.com",
        store_name: "Corner Shop",
        created: true,
      });

      // --seed adds the demo store only to a store this run created (npm start's first start: start.test.ts).
      const again = await cli([...args, "--credentials", credentials, "--seed"], {
        ...env,
        STORE_NAME: "Corner Shop & Co",
      });
      expect(again.code).toBe(0);
      const second = JSON.parse(again.stdout);
      expect(second).toMatchObject({ store_name: "Corner Shop & Co", created: false });
      expect(second).not.toHaveProperty("seeded");
    },
    SLOW,
  );
});
