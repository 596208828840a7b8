import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the scripts, without types
import { dashboardConsole, storeConsole } from "./processes.mjs";

/** What `npm start` lets through to the console from each server's output (the log file keeps all). */

type Show = (line: string, stream?: string) => string | null;
const pino = (entry: Record<string, unknown>) => JSON.stringify({ time: 1, pid: 7, hostname: "vm", ...entry });
const request = [
  pino({ level: 30, reqId: "r1", req: { method: "GET", url: "/api/v1/users?page=2" }, msg: "incoming request" }),
  pino({ level: 30, reqId: "r1", res: { statusCode: 401 }, responseTime: 4.6, msg: "request completed" }),
];

describe("the store's console lines", () => {
  it("quiet: warnings and errors only, one short line each; nothing per request", () => {
    const show: Show = storeConsole();
    expect(request.map((l) => show(l))).toEqual([null, null]);
    expect(show(pino({ level: 30, msg: "Server listening at http://127.0.0.1:4000" }))).toBeNull();
    expect(show(pino({ level: 40, msg: "STORE_API_TRUST_PROXY=true trusts every hop" }))).toBe(
      "warning: STORE_API_TRUST_PROXY=true trusts every hop",
    );
    expect(show(pino({ level: 50, msg: "mail not sent", err: { message: "ECONNREFUSED" } }))).toBe(
      "error: mail not sent (ECONNREFUSED)",
    );
    const long = show(pino({ level: 50, msg: "x".repeat(1000) }));
    expect(long!.length).toBeLessThanOrEqual(240);
    expect(long!.endsWith("…")).toBe(true);
    // The CLI's own plain messages pass; a stack's indented lines do not.
    expect(show("store: The data folder .data/store is in use by process 12")).toBe(
      "store: The data folder .data/store is in use by process 12",
    );
    expect(show("    at main (cli.js:10:3)")).toBeNull();
  });

  it("verbose (npm run dev): one line per request, still no 127.0.0.1", () => {
    const show: Show = storeConsole({ verbose: true });
    expect(request.map((l) => show(l))).toEqual([null, "GET /api/v1/users?page=2 → 401 (5 ms)"]);
    expect(show(pino({ level: 30, msg: "Server listening at http://127.0.0.1:4000" }))).toBeNull();
    expect(show(pino({ level: 30, msg: "Store API for Demo Store at http://localhost:4000" }))).toBe(
      "Store API for Demo Store at http://localhost:4000",
    );
  });
});

describe("the dashboard's console lines", () => {
  it("quiet: the first line of what goes to stderr; nothing of stdout", () => {
    const show: Show = dashboardConsole();
    expect(show("- Local:         http://localhost:3000", "stdout")).toBeNull();
    expect(show("[users] store answered 500 server_error: boom", "stderr")).toBe(
      "[users] store answered 500 server_error: boom",
    );
    expect(show("    at fetchUsers (lib/store/users/api.ts:3:1)", "stderr")).toBeNull();
    expect(show("}", "stderr")).toBeNull();
  });

  it("verbose: everything", () => {
    expect(dashboardConsole({ verbose: true })("- Local:         http://localhost:3000", "stdout")).toBe(
      "- Local:         http://localhost:3000",
    );
  });
});
