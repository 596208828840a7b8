import type { FastifyInstance, FastifyRequest } from "fastify";
import { redactUrl } from "../logging/logger.js";

/**
 * A graceful stop (docs/architecture.md#operations): on SIGTERM the store
 * stops listening at once (a new connection is refused, so a load balancer
 * turns to another instance), answers the requests in flight, lets the jobs
 * it is running finish their step, then closes. Past the time limit it cuts
 * off what is left, names it in the log, and ends with a failure status, so a
 * service manager sees that work was lost.
 */

declare module "fastify" {
  interface FastifyInstance {
    /** The requests being answered now, and whether the store is stopping (src/ops/shutdown.ts). */
    inFlight: InFlight;
  }
}

export class InFlight {
  readonly requests = new Set<FastifyRequest>();
  /** Set when a graceful stop begins: every answer from then on closes its connection. */
  stopping = false;
}

/** Counts the requests in flight, and closes each connection after its answer once the store is stopping. */
export function trackInFlight(app: FastifyInstance): void {
  const inFlight = new InFlight();
  app.decorate("inFlight", inFlight);
  app.addHook("onRequest", async (request) => {
    inFlight.requests.add(request);
  });
  const done = async (request: FastifyRequest) => {
    inFlight.requests.delete(request);
  };
  app.addHook("onResponse", done);
  app.addHook("onRequestAbort", done);
  app.addHook("onSend", async (_request, reply) => {
    // A kept-alive connection would otherwise hold the server open until its idle timeout.
    if (inFlight.stopping) reply.header("connection", "close");
  });
}

export interface ShutdownOptions {
  /** What asked for it (SIGTERM, SIGINT), for the log. */
  reason: string;
  /** How long requests in flight and running jobs get to finish. */
  timeoutMs: number;
}

/** What a graceful stop had to cut off, when anything. */
interface CutOff {
  requests: { reqId: string; method: string; url: string }[];
  jobs: { id: number; kind: string; batch: string }[];
}

/**
 * Stops the app gracefully; answers the exit status: 0 when everything in
 * flight finished, 1 when the time limit cut something off (it is logged).
 * `cutShort`, when it resolves, ends the wait at once (a second signal).
 */
export async function shutDown(
  app: FastifyInstance,
  { reason, timeoutMs }: ShutdownOptions,
  cutShort: Promise<string> = new Promise(() => {}),
): Promise<number> {
  const { inFlight } = app;
  inFlight.stopping = true;
  // Stop listening now (idle kept-alive connections close too); the callback comes once every connection has ended.
  const connectionsEnded = new Promise<void>((resolve) => app.server.close(() => resolve()));
  // A connection whose answer was already under way when the stop began stays open for its next request:
  // closed as soon as it is idle, rather than at its keep-alive timeout.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  // Logged once the listener is closed: whoever reads it may count on new connections being refused.
  app.log.info(
    { signal: reason, requests: inFlight.requests.size, jobs: app.jobs.running.length, timeoutMs },
    `shutting down: no new connections; finishing ${inFlight.requests.size} request(s) in flight and ` +
      `${app.jobs.running.length} job(s) within ${timeoutMs / 1000} s`,
  );
  const finished = Promise.all([connectionsEnded, app.jobs.drain()]).then(() => "finished" as const);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`the time limit of ${timeoutMs / 1000} s passed`), timeoutMs);
  });
  const outcome = await Promise.race([finished, timedOut, cutShort]);
  clearTimeout(timer);
  clearInterval(reaper);

  if (outcome === "finished") {
    await app.close();
    app.log.info("stopped: every request and job in flight finished");
    return 0;
  }

  const cut: CutOff = {
    requests: [...inFlight.requests].map((r) => ({ reqId: r.id, method: r.method, url: redactUrl(r.url) })),
    jobs: app.jobs.running,
  };
  app.log.error(
    cut,
    `stopped before everything finished (${outcome}): cut off ${cut.requests.length} request(s)` +
      (cut.requests.length ? ` (${cut.requests.map((r) => `${r.method} ${r.url}`).join(", ")})` : "") +
      ` and ${cut.jobs.length} job(s)` +
      (cut.jobs.length
        ? ` (${cut.jobs.map((j) => `${j.kind} #${j.id}`).join(", ")}; they run again at the next start)`
        : ""),
  );
  // The connections still open are closed; the jobs still running are aborted and handed back (jobs/runner.ts).
  app.server.closeAllConnections();
  // Bounded too: what is left to close (the database's pool) must not keep a stopped store from exiting.
  await Promise.race([app.close(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  return 1;
}
