import type Sharp from "sharp";

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded on first use: its native library takes a tenth of a second to load, and a store that
 * serves no upload or import needs none of it at its start (docs/architecture.md#the-starts-timeline).
 */
export function loadSharp(): Promise<typeof Sharp> {
  return (loading ??= import("sharp").then((m) => m.default));
}
