import { describe, expect, it } from "vitest";
import type { ImageImport } from "../../../lib/store/products/model-media";
import { addressMessage, arrivalLimitMs, importMessage, importProgress, retriedBy, watchLimitMs } from "./import-jobs";
import {
  chosenOrder,
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

describe("uploads finishing out of order", () => {
  it("hands over the images in the order their files were chosen, whatever order they finished in", () => {
    let state = uploadsReducer([], {
      type: "add",
      uploads: ["A.png", "B.png", "C.png"].map((name, i) => newUpload(`u${i}`, { name, size: 10 })),
    });
    for (const id of ["u0", "u1", "u2"]) state = uploadsReducer(state, { type: "start", id });
    state = uploadsReducer(state, { type: "done", id: "u2", imageKey: "c" });
    state = uploadsReducer(state, { type: "done", id: "u0", imageKey: "a" });
    state = uploadsReducer(state, { type: "done", id: "u1", imageKey: "b" });
    expect(chosenOrder(state, new Set())).toEqual({ ids: ["u0", "u1", "u2"], keys: ["a", "b", "c"] });
    // Counted once: a later batch hands over only its own.
    expect(chosenOrder(state, new Set(["u0", "u1", "u2"])).keys).toEqual([]);
  });

  it("leaves out failed uploads and those without a key", () => {
    let state = uploadsReducer([], {
      type: "add",
      uploads: ["A.png", "B.png", "C.png"].map((name, i) => newUpload(`u${i}`, { name, size: 10 })),
    });
    state = uploadsReducer(state, { type: "done", id: "u2", imageKey: "c" });
    state = uploadsReducer(state, { type: "fail", id: "u1", error: "no" });
    state = uploadsReducer(state, { type: "done", id: "u0" });
    expect(chosenOrder(state, new Set()).keys).toEqual(["c"]);
  });
});

describe("imports by URL", () => {
  const job: ImageImport = {
    id: "j",
    sources: ["https://a.test/1.jpg", "https://b.invalid/2.jpg"],
    ids: ["k1", "k2"],
    callback: true,
    report: null,
    elapsedMs: 0,
  };

  it("is done when every id is among the images", () => {
    expect(importMessage(importProgress(job, new Set(["k1"]), 1000))).toBe(
      "The store is fetching 2 images… 1 of 2 ready.",
    );
    expect(importProgress(job, new Set(["k1", "k2", "other"]), 1000).state).toBe("done");
    expect(importMessage(importProgress(job, new Set(["k1", "k2"]), 1000))).toBe(
      "Added 2 images from the addresses you gave.",
    );
  });

  it("names the address that failed with the store's reason as soon as the report came", () => {
    const reported = { ...job, report: { errors: { k2: "https://b.invalid/2.jpg could not be reached (ENOTFOUND)" } } };
    const progress = importProgress(reported, new Set(["k1"]), 5000);
    expect(progress.state).toBe("failed");
    expect(progress.watching).toBe(false);
    expect(importMessage(progress)).toBe("1 of 2 images could not be added; 1 arrived.");
    const failed = progress.addresses[1]!;
    expect(failed).toMatchObject({ source: "https://b.invalid/2.jpg", state: "failed" });
    expect(addressMessage(failed, progress)).toBe(
      "The store could not add it: https://b.invalid/2.jpg could not be reached (ENOTFOUND)",
    );
  });

  it("an address reported done counts as added before the images are read again", () => {
    const progress = importProgress({ ...job, report: { errors: {} } }, new Set(), 3000);
    expect(progress.state).toBe("done");
  });

  it("past the store's fetch limit, names each address that did not arrive, and keeps looking a while", () => {
    const before = importProgress(job, new Set(["k1"]), arrivalLimitMs - 1);
    expect(before.addresses[1]!.state).toBe("fetching");
    const late = importProgress(job, new Set(["k1"]), arrivalLimitMs);
    expect(late.state).toBe("failed");
    expect(late.watching).toBe(true);
    expect(late.addresses.map((a) => a.state)).toEqual(["ready", "missing"]);
    expect(addressMessage(late.addresses[1]!, late)).toMatch(/^Not here after 45 s\. The store may still be trying/);
    const noCallback = importProgress({ ...job, callback: false }, new Set(), watchLimitMs);
    expect(noCallback.watching).toBe(false);
    expect(addressMessage(noCallback.addresses[0]!, noCallback)).toMatch(/^It did not arrive: /);
  });

  it("copes with a store that answered fewer keys than addresses", () => {
    const odd = importProgress({ ...job, ids: ["k1"] }, new Set(["k1"]), 1000);
    expect(odd.ready).toBe(1);
    expect(odd.state).toBe("working");
  });

  it("a failed import sent again is replaced, when every address that did not arrive was sent", () => {
    const failed = importProgress({ ...job, report: { errors: { k2: "no such host" } } }, new Set(["k1"]), 3000);
    const working = importProgress({ ...job, id: "w" }, new Set(), 1000);
    const done = importProgress({ ...job, id: "d" }, new Set(["k1", "k2"]), 1000);
    // The one that arrived need not be sent again; one still fetching, or done, is never replaced.
    expect(retriedBy(["https://b.invalid/2.jpg"], [failed, working, done])).toEqual(["j"]);
    expect(retriedBy(job.sources, [failed, working, done])).toEqual(["j"]);
    // Another address, or only part of what failed: the old box still tells of it.
    expect(retriedBy(["https://c.test/3.jpg"], [failed])).toEqual([]);
    const both = importProgress({ ...job, report: { errors: { k1: "gone", k2: "gone" } } }, new Set(), 3000);
    expect(retriedBy(["https://b.invalid/2.jpg"], [both])).toEqual([]);
    // Not arrived past the store's limit counts as failed.
    expect(retriedBy(job.sources, [importProgress(job, new Set(), arrivalLimitMs)])).toEqual(["j"]);
  });
});
