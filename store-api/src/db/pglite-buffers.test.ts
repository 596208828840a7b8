import { describe, expect, it } from "vitest";
import { buffersFor, LEAST_BUFFERS_MB, MOST_BUFFERS_MB, pgliteStartParams } from "./pglite-buffers.js";

const MB = 1024 * 1024;

describe("the embedded database's shared_buffers", () => {
  it("is half as much again as the data, in steps of 16 MB, between the least and Postgres's 128 MB", () => {
    expect(buffersFor(0)).toBe(LEAST_BUFFERS_MB);
    expect(buffersFor(8 * MB)).toBe(32);
    expect(buffersFor(25 * MB)).toBe(48); // the demo store: 37.5 MB wanted
    expect(buffersFor(32 * MB)).toBe(48);
    expect(buffersFor(33 * MB)).toBe(64);
    expect(buffersFor(80 * MB)).toBe(MOST_BUFFERS_MB);
    expect(buffersFor(5_000 * MB)).toBe(MOST_BUFFERS_MB);
  });

  it("adds the setting after PGlite's own start parameters", () => {
    expect(pgliteStartParams(["--single", "-c", "io_method=sync"], 25 * MB)).toEqual([
      "--single",
      "-c",
      "io_method=sync",
      "-c",
      "shared_buffers=48MB",
    ]);
  });
});
