import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Queryable } from "../db/index.js";
import { catalogueVersion } from "../db/schema/index.js";

/**
 * Entity tags of the product reads (an extension: docs/contract.md#extensions). A tag is made of the
 * catalogue's version (the `catalogue_version` row, which the database's triggers bump in the commit of
 * any write that changes what a product shows: src/db/schema/catalogue-version.ts) and of the request's
 * own route, path and query. So a list page whose tag is unchanged says that no product changed anywhere,
 * whichever store process wrote: the version lives in the database, not in a process.
 *
 * A request that names its tag in If-None-Match is answered 304 after one query (the version), before
 * any page is read. The read cache (api/cached-read.ts) keeps answers under the version their tag names:
 * an answer read before another process's write never goes out under the tag of after it.
 */

/** The header that carries the catalogue's version (a number that only grows). */
export const CATALOGUE_VERSION_HEADER = "x-catalogue-version";

/** If-None-Match on the product reads, for the reference (api-v1/plugin.ts exposes ETag to browsers). */
export const conditionalHeaders = z.object({
  "if-none-match": z
    .string()
    .optional()
    .meta({
      description:
        "Extension: an ETag this read answered before. When the answer would be the same (no product changed " +
        "anywhere since), the answer is 304 Not Modified, without a body. Each 200 carries `ETag` and " +
        "`X-Catalogue-Version`. A store without the extension answers 200, without either header.",
      "x-store-extension": true,
    }),
});

export async function readCatalogueVersion(q: Queryable): Promise<number> {
  const [row] = await q
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  if (!row) throw new Error("The catalogue_version row is missing: the database's migrations are incomplete.");
  return row.version;
}

export interface CatalogueTag {
  version: number;
  /** The headers a 200 and a 304 carry. */
  headers: Record<string, string>;
}

/**
 * The tag of this read at the catalogue's present version. `context` is what else the answer depends on
 * (the store's currency and public URLs: settings of the process, which a restart may change).
 */
export async function catalogueTag(q: Queryable, request: FastifyRequest, context: unknown): Promise<CatalogueTag> {
  const version = await readCatalogueVersion(q);
  const digest = createHash("sha256")
    .update(JSON.stringify([request.routeOptions.url, request.params, request.query, context]))
    .digest("base64url")
    .slice(0, 22);
  return { version, headers: { etag: `"${version}-${digest}"`, [CATALOGUE_VERSION_HEADER]: String(version) } };
}

/** Whether If-None-Match names the tag (or `*`): weak or strong, one tag or a list. */
export function namesTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, "");
    return tag === "*" || tag === etag;
  });
}

/** Answers 304 when the request already holds this answer; true when it did. */
export function sendNotModified(request: FastifyRequest, reply: FastifyReply, tag: CatalogueTag): boolean {
  if (!namesTag(request.headers["if-none-match"], tag.headers.etag ?? "")) return false;
  void reply.code(304).headers(tag.headers).send();
  return true;
}
