import fs from "node:fs";

/**
 * The start's timeline (docs/architecture.md#the-starts-timeline): when STORE_ADMIN_TIMELINE names a file,
 * each phase of this process's start adds a line to it, `{"source":"store","phase":…,"at":<epoch ms>}`;
 * `npm start -- --timeline` (scripts/start.mjs) sets it and prints the phases of both servers. The
 * process's own start (before any module loaded) is `performance.timeOrigin`. Unset: nothing is written.
 */
export function markStart(phase: string, at = Date.now()): void {
  const file = process.env.STORE_ADMIN_TIMELINE;
  if (!file) return;
  try {
    fs.appendFileSync(file, `${JSON.stringify({ source: "store", phase, at: Math.round(at) })}\n`);
  } catch {
    // A timeline is a diagnostic: a folder that went away must not stop the store.
  }
}

/** The process's start, then the moment its modules were loaded (called first thing in the CLI's main). */
export function markProcessStart(): void {
  markStart("process started", performance.timeOrigin);
  markStart("modules loaded");
}
