import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DATABASE_RETRY_AFTER_SECONDS } from "../api/errors.js";
import { readinessChecker } from "../ops/readiness.js";
import { aliveResponse, notReadyResponse, readyResponse } from "../ops/schemas.js";

/**
 * GET /healthz and GET /readyz: the probes of a load balancer or a service
 * manager (docs/architecture.md#operations). No token, outside the API's rate
 * limit, and not logged per request at info level (a probe every few seconds
 * would drown the log); a failed readiness is logged as a warning.
 */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const readiness = readinessChecker({ db: app.db, media: app.config });
  const probe = { logLevel: "warn" as const };

  app.get(
    "/healthz",
    {
      ...probe,
      schema: {
        tags: ["Store"],
        summary: "Liveness: the process answers",
        description:
          "Extension: beyond the contract. Touches nothing else (not the database): restart the store when it fails.",
        "x-store-extension": true,
        response: { 200: aliveResponse },
      },
    },
    async (_request, reply) => reply.header("cache-control", "no-store").send({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      ...probe,
      schema: {
        tags: ["Store"],
        summary: "Readiness: the store can serve",
        description:
          "Extension: beyond the contract. The database answers, every migration this build ships is applied, " +
          "and the media folder is writable; 503 names the check that failed. Send traffic only while it answers 200.",
        "x-store-extension": true,
        response: { 200: readyResponse, 503: notReadyResponse },
      },
    },
    async (request, reply) => {
      const result = await readiness();
      reply.header("cache-control", "no-store");
      if (result.ready) return reply.send({ status: "ready" as const, checks: result.checks });
      request.log.warn({ checks: result.checks }, result.problem);
      // A load balancer or a client may look again after a few seconds (a database restarting, a full disk).
      return reply
        .code(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({
          status: "unready" as const,
          error: "not_ready" as const,
          error_description: result.problem,
          checks: result.checks,
        });
    },
  );
};

export default healthRoutes;
