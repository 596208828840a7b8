import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MethodNotAllowedError } from "./errors.js";

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH"] as const;
type Method = (typeof METHODS)[number];

/** An instance whose routes are typed by their zod schemas. */
export type ZodInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance["log"],
  ZodTypeProvider
>;

/** One method of a resource: its schema (which types the handler) and its handler. */
export interface Endpoint<S extends FastifySchema> {
  schema: S;
  /** Route options beside the schema (e.g. `streamsFiles` for an upload, api/bodies.ts). */
  config?: { streamsFiles?: boolean };
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >;
}

/**
 * Registers the endpoints of one URL and answers 405 (with Allow) for the other
 * methods, so a known path never falls through to a 404. The 405 route stays
 * out of the reference.
 */
export function resource<T extends Partial<Record<Method, FastifySchema>>>(
  app: ZodInstance,
  url: string,
  endpoints: { [M in keyof T]: Endpoint<T[M] & FastifySchema> },
) {
  const allowed = METHODS.filter((m) => m in endpoints);
  for (const method of allowed) {
    // Each endpoint was type-checked against its own schema above; here they are only handed to Fastify.
    const endpoint = (endpoints as Partial<Record<Method, Endpoint<FastifySchema>>>)[method]!;
    app.route({ method, url, schema: endpoint.schema, handler: endpoint.handler, config: endpoint.config ?? {} });
  }
  const others = METHODS.filter((m) => !allowed.includes(m));
  if (others.length) {
    app.route({
      method: others,
      url,
      schema: { hide: true },
      config: { methodNotAllowed: true },
      handler: async (request) => {
        throw new MethodNotAllowedError(request.method, allowed);
      },
    });
  }
}
