import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { StoreConfig } from "../config.js";

// Query parameters that carry secrets never reach the logs.
const SECRET_PARAMS =
  /([?&](?:bearer_token|access_token|code|token|client_secret|refresh_token|password|state|code_verifier)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, "$1[redacted]");
}

/** The server's logger and request-id options: only what helps to follow a request. */
export function loggingOptions(
  config: StoreConfig,
): Pick<FastifyServerOptions, "logger" | "requestIdHeader" | "genReqId"> {
  return {
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            // No headers (tokens, cookies), no bodies.
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              res: (res) => ({ statusCode: res.statusCode }),
            },
          },
    // A caller's x-request-id is kept, so one id follows a request across services.
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
  };
}

/** Every response names its request id, which the logs carry too. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
}
