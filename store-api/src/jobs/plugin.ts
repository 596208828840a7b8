import type { FastifyInstance } from "fastify";
import { removeStaleTmp } from "../media/files.js";
import { imageJobKinds } from "../media/imports.js";
import { JobRunner } from "./runner.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The durable background jobs of this process (src/jobs/runner.ts). */
    jobs: JobRunner;
  }
}

/**
 * Runs the store's durable jobs while the app is up: started once it is
 * ready, stopped before the database closes (a job cut short runs again at
 * the next start). At start, also clears temporary files a stopped process left,
 * and, on the embedded database (one process only), takes back the jobs a
 * process that died (no clean stop) still held.
 */
export function registerJobs(app: FastifyInstance, { soleProcess }: { soleProcess: boolean }): void {
  const { config } = app;
  // The config object itself: publicUrl may be settled after the app is built (a port picked at listen).
  const runner: JobRunner = new JobRunner(
    app.db,
    config.jobs,
    imageJobKinds(app.db, config, {
      wake: () => runner.wake(),
      catalogueWrite: (write) => runner.catalogueWrite(write),
    }),
    app.log,
  );
  app.decorate("jobs", runner);
  app.addHook("onReady", async () => {
    runner.start({ soleProcess });
    void removeStaleTmp(config).catch(() => {});
  });
  app.addHook("preClose", async () => runner.stop());
}
