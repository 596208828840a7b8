import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The real store CLI (`store serve`) as a child process, for tests of what only
 * a process shows: signals (a graceful stop, a kill -9), several instances.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface ChildStore {
  child: ChildProcessWithoutNullStreams;
  port: number;
  url: string;
  /** The log's lines so far (pino's JSON). */
  lines: Record<string, unknown>[];
  /** Resolves with the first log line `test` accepts (rejects if the store exits first). */
  waitFor(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** The exit code; null when a signal ended it. */
  exited: Promise<number | null>;
}

/**
 * `store serve` on a free port with `env` (over this process's environment
 * without its STORE_API_* and DATABASE_URL), resolved once it listens.
 */
export function serveChild(env: Record<string, string>): Promise<ChildStore> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith("STORE_API_") && k !== "DATABASE_URL"),
  );
  const child = spawn(process.execPath, ["--import", "tsx", "store-api/src/cli.ts", "serve"], {
    cwd: root,
    env: { ...base, STORE_API_PORT: "0", STORE_API_LOG_LEVEL: "info", ...env },
  });
  const lines: Record<string, unknown>[] = [];
  let waiters: { test: (line: Record<string, unknown>) => boolean; resolve: (l: Record<string, unknown>) => void }[] =
    [];
  let partial = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString("utf8");
    const complete = text.split("\n");
    partial = complete.pop() ?? "";
    for (const raw of complete.filter(Boolean)) {
      let line: Record<string, unknown>;
      try {
        line = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        line = { msg: raw };
      }
      lines.push(line);
      waiters = waiters.filter((w) => (w.test(line) ? (w.resolve(line), false) : true));
    }
  });
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const waitFor = (test: (line: Record<string, unknown>) => boolean) => {
    const seen = lines.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Record<string, unknown>>((resolve, reject) => {
      waiters.push({ test, resolve });
      void exited.then(() => reject(new Error(`the store exited first; its stderr: ${stderr}`)));
    });
  };
  return waitFor((l) => typeof l.msg === "string" && l.msg.startsWith("Server listening at http://127.0.0.1:")).then(
    (line) => {
      const port = Number(/:(\d+)$/.exec(line.msg as string)![1]);
      return { child, port, url: `http://127.0.0.1:${port}`, lines, waitFor, exited };
    },
  );
}
