import type { FastifyInstance } from "fastify";
import { removeStaleTmp } from "./files.js";
import { imageJobKinds } from "./imports.js";

/**
 * The media's part in the app as it is built, once the job runner is (jobs/plugin.ts): registers
 * the kinds of job of the image imports (media/imports.ts) into the runner's registry, and, once the
 * app is ready, clears the temporary files a stopped process left.
 */
export function registerMedia(app: FastifyInstance): void {
  // The config object itself: publicUrl may be settled after the app is built (a port picked at listen).
  const { config, jobs } = app;
  jobs.register(
    imageJobKinds(app.db, config, {
      wake: () => jobs.wake(),
      // Looked up at each write: app.ts sets the runner's catalogueWrite after this (the read cache's bracket).
      catalogueWrite: (write) => jobs.catalogueWrite(write),
    }),
  );
  app.addHook("onReady", async () => {
    void removeStaleTmp(config).catch(() => {});
  });
}
