import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sha256 } from "../../auth/secrets.js";
import { oauthGrants, oauthTokens } from "../../db/schema.js";
import { authenticateClient } from "../../oauth/clients.js";
import { InvalidRequest } from "../../oauth/errors.js";
import { revokeGrant } from "../../oauth/tokens.js";
import { resource } from "../../api/routes.js";

/**
 * POST /oauth2/revoke (RFC 7009). Revoking either token of a grant revokes the
 * grant, so sign-out ends both the access and the refresh token. An unknown
 * token, or one of another client, answers 200 and changes nothing (§2.2).
 */
export default async function revokeRoutes(app: FastifyInstance) {
  resource(app, "/oauth2/revoke", {
    POST: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const body = (request.body ?? {}) as Record<string, unknown>;
      const client = await authenticateClient(app.db, request, body);
      if (typeof body.token !== "string" || !body.token) throw new InvalidRequest("token is required.");
      const [row] = await app.db
        .select({ grantId: oauthGrants.id, clientId: oauthGrants.clientId })
        .from(oauthTokens)
        .innerJoin(oauthGrants, eq(oauthGrants.id, oauthTokens.grantId))
        .where(eq(oauthTokens.tokenHash, sha256(body.token)));
      if (row && row.clientId === client.clientId) {
        await revokeGrant(app.db, row.grantId);
        request.log.info({ event: "token_revoked", clientId: client.clientId }, "token revoked");
      }
      return reply.status(200).send();
    },
  });
}
