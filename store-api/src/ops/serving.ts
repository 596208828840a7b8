import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Resolves when the store's own background work may begin (the job workers, the planner statistics,
     * the mail retry): true, or false when the app began to close first (src/ops/serving.ts).
     */
    serving: Promise<boolean>;
  }
}

/** How long after the app is ready the background work begins on the embedded database without a request. */
export const SERVING_WAIT_MS = 1000;

/**
 * When the background work begins (docs/architecture.md#the-starts-timeline). On PostgreSQL, as soon as the
 * app is ready: its queries run in PostgreSQL's own processes. On the embedded database every query runs on
 * this process's one thread, and the start's background queries (eight job workers' first claims, the
 * dead process's jobs taken back, the planner statistics, the mail to retry) held the first request for
 * a sixth of a second: there they begin once the store has answered its first request, or a second after
 * it is ready, whichever comes first. A job enqueued meanwhile waits at most that second.
 */
export function trackServing(app: FastifyInstance, { soleThread }: { soleThread: boolean }): void {
  let settle: (serving: boolean) => void = () => {};
  app.decorate("serving", new Promise<boolean>((resolve) => (settle = resolve)));
  // A store stopped before it served starts none of it (the first settling counts).
  app.addHook("preClose", async () => settle(false));
  if (!soleThread) {
    app.addHook("onReady", async () => settle(true));
    return;
  }
  app.addHook("onReady", async () => {
    setTimeout(() => settle(true), SERVING_WAIT_MS).unref();
  });
  // Settling a settled promise again does nothing: every later answer costs one call.
  app.addHook("onResponse", async () => settle(true));
}
