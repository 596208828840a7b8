import { describe, expect, it, vi } from "vitest";
import {
  abandonImport,
  beginImport,
  dismissImport,
  handleImportReport,
  importLifetimeMs,
  importSent,
  importsOf,
  maxReportBytes,
  readReport,
  sessionOwner,
} from "./image-imports";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

const report = (body: unknown, init: RequestInit = {}) =>
  new Request("http://dashboard.test/api/import-callback/x", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });

const storeReport = (errors: Record<string, string>) => ({
  success: [{ tiny: "http://s.test/media/k1-tiny.jpg" }],
  error: errors,
});

describe("the store's report on an import (the callback)", () => {
  it("is taken once for the import its token names, and read by that session only", async () => {
    const owner = sessionOwner("token-of-ann");
    const { record, token } = beginImport(owner, "p1");
    importSent(record, {
      sources: ["https://a.test/1.jpg", "https://b.invalid/2.jpg"],
      ids: ["k1", "k2"],
      callback: true,
    });
    expect(importsOf(owner, "p1")).toMatchObject([{ id: record.id, report: null, callback: true }]);

    const first = await handleImportReport(
      report(storeReport({ k2: "https://b.invalid/2.jpg could not be reached" })),
      token,
    );
    expect(first.status).toBe(204);
    expect(importsOf(owner, "p1")[0]!.report).toEqual({
      errors: { k2: "https://b.invalid/2.jpg could not be reached" },
    });

    // Single use: the same token again, or a made-up one, is a 404 that changes nothing.
    const again = await handleImportReport(report(storeReport({ k1: "forged" })), token);
    expect(again.status).toBe(404);
    const guessed = await handleImportReport(report(storeReport({ k1: "forged" })), "A".repeat(43));
    expect(guessed.status).toBe(404);
    expect(importsOf(owner, "p1")[0]!.report!.errors).not.toHaveProperty("k1");

    // Another session, or another product, sees none of it.
    expect(importsOf(sessionOwner("token-of-bo"), "p1")).toEqual([]);
    expect(importsOf(owner, "p2")).toEqual([]);
    dismissImport(sessionOwner("token-of-bo"), record.id);
    expect(importsOf(owner, "p1")).toHaveLength(1);
    dismissImport(owner, record.id);
    expect(importsOf(owner, "p1")).toEqual([]);
  });

  it("may come before the store's answer reached us", async () => {
    const owner = sessionOwner("early");
    const { record, token } = beginImport(owner, "p1");
    expect((await handleImportReport(report(storeReport({ k1: "not an image" })), token)).status).toBe(204);
    importSent(record, { sources: ["https://a.test/1.jpg"], ids: ["k1"], callback: true });
    expect(importsOf(owner, "p1")[0]!.report).toEqual({ errors: { k1: "not an image" } });
  });

  it("refuses what is not a report, keeps the token for the store's next try, and caps the size", async () => {
    const owner = sessionOwner("bad-bodies");
    const { record, token } = beginImport(owner, "p1");
    importSent(record, { sources: ["https://a.test/1.jpg"], ids: ["k1"], callback: true });
    expect((await handleImportReport(report("not json"), token)).status).toBe(400);
    expect((await handleImportReport(report([1, 2]), token)).status).toBe(400);
    const huge = JSON.stringify(storeReport({ k1: "x".repeat(maxReportBytes) }));
    expect((await handleImportReport(report(huge), token)).status).toBe(413);
    expect((await handleImportReport(report(storeReport({})), token)).status).toBe(204);
  });

  it("has no token once the request goes without a callback, and forgets an abandoned or expired import", async () => {
    const owner = sessionOwner("no-callback");
    const quiet = beginImport(owner, "p1");
    importSent(quiet.record, { sources: ["a.jpg"], ids: ["k1"], callback: false });
    expect((await handleImportReport(report(storeReport({})), quiet.token)).status).toBe(404);
    const failed = beginImport(owner, "p1");
    abandonImport(failed.record);
    expect((await handleImportReport(report(storeReport({})), failed.token)).status).toBe(404);
    const old = beginImport(owner, "p1", Date.now() - importLifetimeMs - 1);
    importSent(old.record, { sources: ["b.jpg"], ids: ["k2"], callback: true });
    expect((await handleImportReport(report(storeReport({})), old.token)).status).toBe(404);
    expect(importsOf(owner, "p1").map((i) => i.ids)).toEqual([["k1"]]);
  });
});

describe("readReport", () => {
  it("keeps the reasons by key as one line of plain text each", () => {
    expect(readReport({ success: [], error: { k1: "bad\u0000\nthing", k2: 5, k3: "" } })).toEqual({
      errors: { k1: "bad thing", k3: "failed" },
    });
    expect(readReport({ success: [] })).toEqual({ errors: {} });
    expect(readReport({ error: "x" })).toBeNull();
    expect(readReport(null)).toBeNull();
    expect(readReport({ error: { k: "y".repeat(600) } })!.errors.k).toHaveLength(500);
  });

  it("reads no byte of a body sent with a token that names no pending import", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new TextEncoder().encode(" ".repeat(64 * 1024)));
      },
    });
    const made = new Request("http://dashboard.test/api/import-callback/x", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    // The stream's first pull happens when it is made (its queue fills once); a read would pull on.
    const before = pulled;
    expect((await handleImportReport(made, "B".repeat(43))).status).toBe(404);
    expect(pulled).toBe(before);
  });
});
