import { describe, expect, it } from "vitest";
import type { NameMatch } from "../../../lib/image-names";
import {
  type Batch,
  batchCounts,
  batchReducer,
  emptyBatch,
  type FileRow,
  filesToStart,
  keysToArrange,
  newRow,
  uploadSummary,
  uploadTargets,
} from "./batch";

const row = (id: string, name: string, refusal: string | null = null) => newRow(id, { name, size: 100 }, refusal);
const match = (productKey: string): NameMatch => ({ kind: "match", productKey, by: "sku", text: productKey });

function run(state: Batch, ...events: Parameters<typeof batchReducer>[1][]): Batch {
  return events.reduce(batchReducer, state);
}

const ids = (rows: readonly FileRow[]) => rows.map((r) => r.id);

describe("adding files", () => {
  it("keeps rows in name order (numbers by value) and counts the same file once", () => {
    const state = run(
      emptyBatch,
      { type: "add", rows: [row("a", "A-10.jpg"), row("b", "A-2.jpg"), row("c", "a-1.jpg")] },
      { type: "add", rows: [row("d", "A-2.jpg"), row("e", "B.jpg"), row("f", "B.jpg")] },
    );
    expect(ids(state.rows)).toEqual(["c", "b", "a", "e"]);
  });
});

describe("targets, the hand's fixes and the counts", () => {
  const state = run(emptyBatch, {
    type: "add",
    rows: [row("1", "a.jpg"), row("2", "b.jpg"), row("3", "c.jpg"), row("4", "d.pdf", "Not an image")],
  });
  const matches = new Map<string, NameMatch>([
    ["1", match("P")],
    ["2", { kind: "none" }],
    ["3", match("Q")],
    ["4", match("P")],
  ]);

  it("sends matched files, a choice by hand wins, and skipped or refused files stay", () => {
    expect(uploadTargets(state.rows, matches).targets).toEqual(
      new Map([
        ["1", "P"],
        ["3", "Q"],
      ]),
    );
    const fixed = run(state, { type: "choose", id: "2", productKey: "Q" }, { type: "skip", id: "3", skipped: true });
    const { targets, products } = uploadTargets(fixed.rows, matches);
    expect(targets).toEqual(
      new Map([
        ["1", "P"],
        ["2", "Q"],
      ]),
    );
    expect(products).toBe(2);
    expect(batchCounts(fixed.rows, matches)).toMatchObject({ files: 4, matched: 2, missed: 0, skipped: 1, refused: 1 });
    expect(batchCounts(state.rows, matches)).toMatchObject({ matched: 2, missed: 1, skipped: 0, refused: 1 });
  });
});

describe("the upload order", () => {
  const matches = new Map<string, NameMatch>();
  const add: Batch = run(emptyBatch, {
    type: "add",
    rows: ["P-3", "P-1", "P-2", "Q-1", "Q-2", "R-1", "S-1"].map((n) => row(n, `${n}.jpg`)),
  });
  const targets = new Map(add.rows.map((r) => [r.id, r.id.slice(0, 1)]));
  const confirmed = run(add, { type: "confirm", targets });

  it("starts each product's first file in name order, a few products at once, one file per product", () => {
    expect(filesToStart(confirmed.rows)).toEqual(["P-1", "Q-1", "R-1"]);
    const going = run(confirmed, { type: "start", id: "P-1" }, { type: "start", id: "Q-1" });
    expect(filesToStart(going.rows)).toEqual(["R-1"]);
    const next = run(going, { type: "done", id: "P-1", imageKey: "i1" }, { type: "start", id: "R-1" });
    expect(filesToStart(next.rows)).toEqual(["P-2"]);
  });

  it("goes on past a failure, retries it, and puts a late landing back in name order", () => {
    let state = confirmed;
    const finish = (id: string, ok: boolean) => {
      state = run(
        state,
        { type: "start", id },
        ok ? { type: "done", id, imageKey: `img-${id}` } : { type: "fail", id, error: "busy", retryable: true },
      );
    };
    finish("P-1", true);
    finish("P-2", false);
    expect(filesToStart(state.rows)).toContain("P-3");
    finish("P-3", true);
    expect(keysToArrange(state.rows, "P")).toBeNull();
    state = run(state, { type: "retry", ids: ["P-2"] });
    expect(state.rows.find((r) => r.id === "P-2")?.status).toBe("queued");
    expect(keysToArrange(state.rows, "P")).toBeNull();
    finish("P-2", true);
    expect(keysToArrange(state.rows, "P")).toEqual(["img-P-1", "img-P-2", "img-P-3"]);
    expect(batchCounts(state.rows, matches)).toMatchObject({ done: 3, failed: 0, queued: 4 });
  });

  it("says where it stands", () => {
    let state = run(confirmed, { type: "start", id: "P-1" }, { type: "done", id: "P-1", imageKey: "k" });
    expect(uploadSummary(batchCounts(state.rows, matches))).toBe("1 of 7 images uploaded so far.");
    for (const r of state.rows.slice(1)) {
      state = run(state, { type: "start", id: r.id }, { type: "fail", id: r.id, error: "no", retryable: false });
    }
    expect(uploadSummary(batchCounts(state.rows, matches))).toBe("1 of 7 images uploaded. 6 failed.");
    // A file the store refused for good is not sent again.
    expect(run(state, { type: "retry", ids: ["Q-1"] }).rows.find((r) => r.id === "Q-1")?.status).toBe("failed");
  });
});
