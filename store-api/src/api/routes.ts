import type { FastifyInstance, RouteHandlerMethod } from "fastify";
import { MethodNotAllowedError, NotFoundError } from "../errors.js";

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;
type Method = (typeof METHODS)[number];

/**
 * Registers the handlers of one URL and answers 405 (with Allow) for the other
 * methods, so a known path never falls through to a 404.
 */
export function resource(app: FastifyInstance, url: string, handlers: Partial<Record<Method, RouteHandlerMethod>>) {
  const allowed = METHODS.filter((m) => handlers[m]);
  for (const method of allowed) app.route({ method, url, handler: handlers[method]! });
  const others = METHODS.filter((m) => !handlers[m]);
  if (others.length) {
    app.route({
      method: others,
      url,
      config: { methodNotAllowed: true },
      handler: async (request) => {
        throw new MethodNotAllowedError(request.method, allowed);
      },
    });
  }
}

/** Path ids are positive integers; anything else names no resource. */
export function idParam(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw new NotFoundError();
  return Number(value);
}
