import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { writeOutcome } from "../failure";
import { StoreClient } from "./client";
import { StoreNotFoundError, StoreOutcomeUnknownError, StoreUnreachableError, failureFrom } from "./errors";
import { localServers } from "../testing/local-server";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

// Real sockets, no fetch stand-in: what a lost connection looks like depends
// on undici's errors, which is exactly what these tests pin down.
const { serve, closedPort } = localServers();

const client = (baseUrl: string, timeoutMs = 5000) => new StoreClient({ baseUrl, accessToken: "t", timeoutMs });
const post = { method: "POST" as const, path: "/api/v1/users", form: { email: "a@example.com" }, schema: z.unknown() };

async function failure(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error("expected the request to fail");
    },
    (e: unknown) => e,
  );
}

describe("a write whose answer is lost", () => {
  it("is an unknown outcome when the store drops the connection after reading the request", async () => {
    const url = await serve((req, res) => {
      req.resume();
      req.on("end", () => res.socket?.destroy());
    });
    const error = await failure(client(url).request(post));
    expect(error).toBeInstanceOf(StoreOutcomeUnknownError);
    const f = failureFrom(error, { where: "test" });
    expect(f.code).toBe("outcome_unknown");
    expect(f.error).toMatch(/may or may not have been made/);
    expect(writeOutcome(f)).toBe("unknown");
  });

  it("is an unknown outcome when the store does not answer in time", async () => {
    const url = await serve((req) => req.resume()); // never answers
    const error = await failure(client(url, 300).request(post));
    expect(error).toBeInstanceOf(StoreOutcomeUnknownError);
  });

  it("is an unknown outcome when the answer breaks off half-way", async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(201, { "content-type": "application/json", "content-length": "100" });
      res.write('{"id": 1,');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    expect(await failure(client(url).request(post))).toBeInstanceOf(StoreOutcomeUnknownError);
  });

  it("is known to have changed nothing when the connection was refused", async () => {
    const error = await failure(client(await closedPort()).request(post));
    expect(error).toBeInstanceOf(StoreUnreachableError);
    expect(writeOutcome(failureFrom(error, { where: "test" }))).toBe("unchanged");
  });

  it("keeps a lost read as 'not answering' (nothing to be unsure about)", async () => {
    const url = await serve((req, res) => res.socket?.destroy());
    const error = await failure(client(url).request({ path: "/api/v1/users", schema: z.unknown() }));
    expect(error).toBeInstanceOf(StoreUnreachableError);
  });
});

describe("a refusal", () => {
  it("names the missing record by its id", async () => {
    const url = await serve((req, res) => {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "not_found", error_description: "No user 42" }));
    });
    const error = await failure(
      client(url).request({ path: "/api/v1/users/42", schema: z.unknown(), resource: "user", id: "42" }),
    );
    expect(error).toBeInstanceOf(StoreNotFoundError);
    expect((error as Error).message).toBe("No user with id 42. It may have been deleted.");
    expect(writeOutcome(failureFrom(error, { where: "test" }))).toBe("unchanged");
  });
});
