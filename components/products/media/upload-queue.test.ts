import { describe, expect, it } from "vitest";
import { importMessage, importProgress } from "./import-jobs";
import {
  newUpload,
  percent,
  type Upload,
  type UploadEvent,
  uploadFailure,
  uploadSummary,
  uploadsReducer,
  uploadsToStart,
} from "./upload-queue";

const run = (events: UploadEvent[], state: Upload[] = []) => events.reduce(uploadsReducer, state);
const files = (n: number) =>
  Array.from({ length: n }, (_, i) => newUpload(`u${i + 1}`, { name: `${i + 1}.png`, size: 100 }));

describe("the upload queue", () => {
  it("starts a few at a time, the oldest first, and the next when one finishes", () => {
    let state = run([{ type: "add", uploads: files(5) }]);
    expect(uploadsToStart(state)).toEqual(["u1", "u2", "u3"]);
    state = run(
      uploadsToStart(state).map((id) => ({ type: "start", id })),
      state,
    );
    expect(uploadsToStart(state)).toEqual([]);
    state = run([{ type: "done", id: "u2" }], state);
    expect(uploadsToStart(state)).toEqual(["u4"]);
    state = run([{ type: "fail", id: "u1", error: "No." }], state);
    expect(uploadsToStart(state, 3)).toEqual(["u4", "u5"]);
  });

  it("keeps the others when one fails half-way, and retries only that one", () => {
    let state = run([
      { type: "add", uploads: files(3) },
      { type: "start", id: "u1" },
      { type: "start", id: "u2" },
      { type: "start", id: "u3" },
      { type: "progress", id: "u2", loaded: 50 },
      { type: "fail", id: "u2", error: "The store did not take this file as an image.", retryable: false },
      { type: "progress", id: "u1", loaded: 60 },
      { type: "done", id: "u1" },
      { type: "done", id: "u3" },
    ]);
    expect(state.map((u) => u.status)).toEqual(["done", "failed", "done"]);
    expect(state[1]).toMatchObject({ error: "The store did not take this file as an image.", retryable: false });
    // A refusal that a retry cannot change stays failed.
    expect(run([{ type: "retry", id: "u2" }], state)[1]!.status).toBe("failed");
    state = run([{ type: "fail", id: "u2", error: "Lost." }], state);
    state = run([{ type: "retry", id: "u2" }], state);
    expect(state[1]).toMatchObject({ status: "waiting", loaded: 0, error: null });
    expect(uploadsToStart(state)).toEqual(["u2"]);
  });

  it("counts progress only while uploading, within the file's size", () => {
    let state = run([
      { type: "add", uploads: files(1) },
      { type: "progress", id: "u1", loaded: 10 },
    ]);
    expect(state[0]!.loaded).toBe(0);
    state = run(
      [
        { type: "start", id: "u1" },
        { type: "progress", id: "u1", loaded: 1000 },
      ],
      state,
    );
    expect(percent(state[0]!)).toBe(100);
    state = run([{ type: "progress", id: "u1", loaded: 42 }], state);
    expect(percent(state[0]!)).toBe(42);
  });

  it("a file the pre-check refused is failed from the start, without a retry", () => {
    const refused = newUpload("x", { name: "a.pdf", size: 5 }, "Not an image.");
    expect(refused).toMatchObject({ status: "failed", retryable: false, error: "Not an image." });
    expect(uploadsToStart([refused])).toEqual([]);
  });

  it("dismisses finished rows but never one under way", () => {
    const state = run([
      { type: "add", uploads: files(3) },
      { type: "start", id: "u1" },
      { type: "start", id: "u2" },
      { type: "done", id: "u2" },
    ]);
    expect(run([{ type: "dismiss", id: "u1" }], state)).toHaveLength(3);
    expect(run([{ type: "dismiss", id: "u3" }], state).map((u) => u.id)).toEqual(["u1", "u2"]);
    expect(run([{ type: "clear-finished" }], state).map((u) => u.id)).toEqual(["u1", "u3"]);
  });

  it("sums up the batch for the live region", () => {
    const state = run([
      { type: "add", uploads: files(3) },
      { type: "start", id: "u1" },
      { type: "done", id: "u1" },
      { type: "fail", id: "u2", error: "No." },
    ]);
    expect(uploadSummary(state)).toBe("1 of 3 images uploaded so far. 1 failed: 2.png.");
    expect(uploadSummary(run([{ type: "done", id: "u3" }], state))).toBe("2 of 3 images uploaded. 1 failed: 2.png.");
    expect(uploadSummary([])).toBe("");
  });
});

describe("uploadFailure", () => {
  it("keeps the route handler's sentence; no retry for a refusal of the file itself", () => {
    const tooLarge = uploadFailure(
      413,
      JSON.stringify({ error: "The store refused this file as too large.", code: "payload_too_large" }),
    );
    expect(tooLarge).toEqual({ error: "The store refused this file as too large.", retryable: false });
    expect(uploadFailure(415, JSON.stringify({ error: "Not an image.", code: "x" })).retryable).toBe(false);
    expect(uploadFailure(502, "")).toMatchObject({ retryable: true });
    expect(uploadFailure(0, "").error).toMatch(/^The upload was interrupted/);
  });
});

describe("imports by URL", () => {
  const job = { id: "j", ids: ["k1", "k2"], count: 2, startedAt: 0, gaveUp: false };

  it("is done when every id is among the images", () => {
    expect(importMessage(importProgress(job, new Set(["k1"])))).toBe("The store is fetching 2 images… 1 of 2 ready.");
    expect(importProgress(job, new Set(["k1", "k2", "other"])).state).toBe("done");
    expect(importMessage(importProgress(job, new Set(["k1", "k2"])))).toBe(
      "Added 2 images from the addresses you gave.",
    );
  });

  it("says what arrived when the wait ran out", () => {
    const late = importProgress({ ...job, gaveUp: true }, new Set(["k2"]));
    expect(late.state).toBe("incomplete");
    expect(importMessage(late)).toMatch(/^1 of 2 images arrived\. The store has not finished the other one:/);
  });
});
