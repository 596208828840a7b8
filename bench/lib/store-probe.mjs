// Loaded into a store process by a bench (`node --import bench/lib/store-probe.mjs`), never by the
// store itself: the delay of the store's own event loop, measured where it happens
// (perf_hooks.monitorEventLoopDelay, sampled every 10 ms; a figure is how much later than those 10 ms
// a sample came). On SIGUSR2 it writes what it saw since the last signal to BENCH_PROBE_FILE (JSON,
// milliseconds; with the most memory of each kind it saw, in MB) and starts again; the bench reads it.
import fs from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";

const file = process.env.BENCH_PROBE_FILE;
if (file) {
  const RESOLUTION = 10;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION });
  delay.enable();
  let sequence = 0;
  // The histogram holds whole intervals (10 ms when nothing waits): the delay is what is beyond them.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION) * 10) / 10);
  // The most of each part of the memory (MB) seen at a sample every 50 ms: where a peak lies.
  const most = {};
  const sample = () => {
    for (const [part, bytes] of Object.entries(process.memoryUsage())) {
      most[part] = Math.max(most[part] ?? 0, Math.round(bytes / 1e5) / 10);
    }
  };
  setInterval(sample, 50).unref();
  process.on("SIGUSR2", () => {
    sample();
    const report = {
      sequence: ++sequence,
      samples: delay.count,
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      memory: { ...most },
    };
    delay.reset();
    for (const part of Object.keys(most)) delete most[part];
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(report));
    fs.renameSync(`${file}.tmp`, file);
  });
}
