import type { FastifyInstance } from "fastify";
import { demoPictureJobKinds } from "./picture-jobs.js";

/**
 * The seed's part in the app as it is built, once the job runner is (jobs/plugin.ts): the kind of job
 * that draws the demo store's pictures after a first start (seed/picture-jobs.ts). The drawing's own
 * modules (sharp) load only when such a job runs.
 */
export function registerSeedJobs(app: FastifyInstance): void {
  const { config, jobs } = app;
  jobs.register(
    demoPictureJobKinds(app.db, config, {
      // Looked up at each write: app.ts sets the runner's catalogueWrite after this (the read cache's bracket).
      catalogueWrite: (write) => jobs.catalogueWrite(write),
    }),
  );
}
