import type { FastifyInstance, FastifyRequest } from "fastify";
import { type DatabaseWork, withDatabaseWork } from "../db/outage.js";

const works = new WeakMap<FastifyRequest, DatabaseWork>();

/** What the request did with the database so far (set from its first preHandler on). */
export function databaseWorkOf(request: FastifyRequest): DatabaseWork | undefined {
  return works.get(request);
}

/**
 * Gives every request a record of its database work (db/outage.ts), entered
 * as the async context of its handler: from preHandler on, because the body
 * is read in another context (node's request stream). What the store writes
 * before that (the rate limit's buckets, in onRequest) is not the request's change.
 */
export function trackDatabaseWork(app: FastifyInstance): void {
  app.addHook("preHandler", (request, _reply, done) => {
    const work: DatabaseWork = { commitSent: false, changed: false };
    works.set(request, work);
    withDatabaseWork(work, done);
  });
}
