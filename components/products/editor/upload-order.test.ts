import { describe, expect, it } from "vitest";
import { newUpload, uploadsReducer } from "../media/upload-queue";
import { nextInOrder } from "./upload-order";

const files = ["a.png", "b.png", "c.png"].map((name, i) => newUpload(`u${i}`, { name, size: 10 }));

describe("nextInOrder", () => {
  it("sends the chosen images one after another, in order", () => {
    expect(nextInOrder(files)?.name).toBe("a.png");
    const sending = uploadsReducer(files, { type: "start", id: "u0" });
    expect(nextInOrder(sending)).toBeNull();
    const first = uploadsReducer(sending, { type: "done", id: "u0" });
    expect(nextInOrder(first)?.name).toBe("b.png");
  });

  it("holds the rest behind a failed one until it is retried or skipped", () => {
    const failed = uploadsReducer(uploadsReducer(files, { type: "start", id: "u0" }), {
      type: "fail",
      id: "u0",
      error: "The store is busy.",
    });
    expect(nextInOrder(failed)).toBeNull();
    expect(nextInOrder(uploadsReducer(failed, { type: "retry", id: "u0" }))?.name).toBe("a.png");
    expect(nextInOrder(uploadsReducer(failed, { type: "dismiss", id: "u0" }))?.name).toBe("b.png");
  });

  it("has nothing to send when all are up", () => {
    const done = files.reduce((state, u) => uploadsReducer(state, { type: "done", id: u.id }), files);
    expect(nextInOrder(done)).toBeNull();
  });
});
