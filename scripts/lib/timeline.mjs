// The start's timeline (docs/architecture.md#the-starts-timeline): `npm start` and the processes it starts
// each add a JSON line per phase, {"source", "phase", "at" (epoch ms)}, to one file, named to the children
// in STORE_ADMIN_TIMELINE; the store writes its own (store-api/src/ops/timeline.ts).
import fs from "node:fs";
import path from "node:path";

/** Reads a timeline file: its entries in time order (a line cut short by a crash is left out). */
export function readTimeline(file) {
  let text = "";
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const entries = [];
  for (const line of text.split("\n")) {
    try {
      const entry = JSON.parse(line);
      if (typeof entry.at === "number" && typeof entry.phase === "string") entries.push(entry);
    } catch {
      // an empty or partial line
    }
  }
  return entries.sort((a, b) => a.at - b.at);
}

/** The timeline as a person reads it: seconds since the first entry, who, and what. */
export function formatTimeline(entries) {
  if (!entries.length) return "";
  const origin = entries[0].at;
  const width = Math.max(...entries.map((e) => e.source.length));
  return entries
    .map((e) => `  ${((e.at - origin) / 1000).toFixed(2).padStart(7)} s  ${e.source.padEnd(width)}  ${e.phase}`)
    .join("\n");
}

/**
 * Starts this process's timeline in `file` (emptied first) and names the file to every process started
 * after (STORE_ADMIN_TIMELINE). `print: true` (`npm start -- --timeline`) makes print() show it.
 */
export function createTimeline(file, { print = false, source = "npm start" } = {}) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "");
  process.env.STORE_ADMIN_TIMELINE = file;
  const mark = (phase, at = Date.now()) => {
    try {
      fs.appendFileSync(file, `${JSON.stringify({ source, phase, at: Math.round(at) })}\n`);
    } catch {
      // A timeline is a diagnostic: a folder that went away must not stop the start.
    }
  };
  mark("process started", performance.timeOrigin);
  return {
    mark,
    print() {
      if (print)
        console.log(
          `The start's timeline (${path.relative(process.cwd(), file).startsWith("..") ? file : path.relative(process.cwd(), file)}):\n${formatTimeline(readTimeline(file))}\n`,
        );
    },
  };
}
