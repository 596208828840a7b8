#!/usr/bin/env node
import { markProcessStart } from "./ops/timeline.js";

// The store's command line (README: "The store's command line"). `serve` loads only what serving needs
// (serve.ts); every other command, and `serve --help`, goes through commands.ts, which loads them all.
// No top-level await: `npm start`'s bundle of this file is CommonJS (scripts/lib/build-store.mjs).
async function main(argv: string[]): Promise<void> {
  if (argv[0] === "serve" && !argv.includes("--help") && !argv.includes("-h")) {
    const { serve } = await import("./serve.js");
    await serve(argv.slice(1));
  } else {
    const { runCommand } = await import("./commands.js");
    await runCommand(argv);
  }
}

markProcessStart();
void main(process.argv.slice(2));
