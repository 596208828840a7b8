import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { listJson } from "./list-json.js";

/**
 * Answers a catalogue read from the read cache (api/read-cache.ts), or computes,
 * checks against its response schema, keeps and sends it. The key is the route
 * with its validated params and query (never the token, which may be in the query).
 * The database's generation is the request's, read (once) before the answer is
 * looked up or computed: an answer is kept under what its read saw before it began.
 * `version`, when given, is part of the key too: the catalogue's version an answer's
 * entity tag names (products/catalogue-version.ts), read before the answer is computed.
 */
export async function cachedRead(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodType,
  compute: () => Promise<{ body: unknown; total?: number; headers?: Record<string, string> }>,
  /** Keys under which a list's items share objects, each checked and written once (api/list-json.ts). */
  sharedKeys: readonly string[] = [],
  version?: number,
) {
  const cache = request.server.readCache;
  const key = JSON.stringify([request.routeOptions.url, request.params, request.query, version]);
  const seen = await request.server.writeGeneration.seen(request);
  let answer = cache.get(key, seen);
  if (!answer) {
    const ticket = cache.ticket(seen);
    const { body, total, headers } = await compute();
    // What the route's serializer would check, once per computed answer rather than once per request.
    answer = {
      body: listJson(schema, body, sharedKeys),
      headers: { ...headers, ...(total === undefined ? {} : { "x-total-count": String(total) }) },
    };
    cache.set(key, ticket, answer);
  }
  return reply.headers(answer.headers).type("application/json; charset=utf-8").send(answer.body);
}
