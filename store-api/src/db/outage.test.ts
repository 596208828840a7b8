import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./outage.js";

/** A port nothing listens on (taken, then given back). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error("expected a failure");
}

describe("isDatabaseUnreachable", () => {
  it("recognises a connection refused, through Drizzle's wrapping cause", async () => {
    const port = await closedPort();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/x` });
    const refused = await failure(() => client.connect());
    expect(isDatabaseUnreachable(refused)).toBe(true);
    expect(isDatabaseUnreachable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
  });

  it("recognises a pool's connect timeout and a connection's SQLSTATE", async () => {
    // A server that accepts and never answers: the pool gives up after its connect timeout.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const pool = new pg.Pool({
      connectionString: `postgres://postgres@127.0.0.1:${typeof address === "object" && address ? address.port : 0}/x`,
      connectionTimeoutMillis: 200,
    });
    const timedOut = await failure(() => pool.query("select 1"));
    for (const socket of sockets) socket.destroy();
    silent.close();
    expect(isDatabaseUnreachable(timedOut)).toBe(true);
    for (const code of ["08006", "08001", "57P01", "57P02", "57P03"])
      expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code }))).toBe(true);
  });

  it("leaves every other error alone", () => {
    // A unique violation, a syntax error: errors of a database that answered.
    expect(isDatabaseUnreachable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});
