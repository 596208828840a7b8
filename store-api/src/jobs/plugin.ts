import type { FastifyInstance } from "fastify";
import { JobRunner } from "./runner.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The durable background jobs of this process (src/jobs/runner.ts). */
    jobs: JobRunner;
  }
}

/**
 * Runs the store's durable jobs while the app is up: started once it
 * serves (`app.serving`, src/ops/serving.ts), stopped before the database closes (a job cut short runs again at
 * the next start). At start, on the embedded database (one process only), also
 * takes back the jobs a process that died (no clean stop) still held.
 *
 * The runner is a registry: the folders whose jobs it runs register their kinds
 * into `app.jobs` as the app is built, after this (media/plugin.ts), and jobs/
 * imports none of them.
 */
export function registerJobs(app: FastifyInstance, { soleProcess }: { soleProcess: boolean }): void {
  const runner = new JobRunner(app.db, app.config.jobs, app.log);
  app.decorate("jobs", runner);
  app.addHook("onReady", async () => {
    void app.serving.then((serving) => serving && runner.start({ soleProcess }));
  });
  app.addHook("preClose", async () => runner.stop());
}
