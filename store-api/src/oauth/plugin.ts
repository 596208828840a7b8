import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { acceptForms, OAUTH_BODY_LIMITS } from "../api/bodies.js";
import { apiErrorHandler } from "../api/error-handler.js";
import { zodIssues } from "../api/validation.js";
import { InvalidRequest, OAuthError } from "./errors.js";

export interface OAuthEndpointsOptions {
  /** The route plugins of the token and revocation endpoints. */
  routes: FastifyPluginAsync[];
}

/**
 * The OAuth endpoints that applications call directly (/oauth2/access_token,
 * /oauth2/revoke): form fields, URL-encoded or (as the contract allows for
 * every request) multipart, JSON tolerated; never cached; errors as RFC 6749
 * §5.2 JSON. Client authentication failures carry WWW-Authenticate (§5.2 asks
 * for it with HTTP Basic).
 */
export const oauthEndpointsPlugin: FastifyPluginAsync<OAuthEndpointsOptions> = async (app, { routes }) => {
  // A few short fields, no files: 64 KB in every encoding (api/bodies.ts).
  await acceptForms(app, OAUTH_BODY_LIMITS);

  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
  });

  // The handlers check each parameter in RFC order; only a value that is not text at all ends here.
  app.setSchemaErrorFormatter((errors) => {
    const name = zodIssues(errors)[0]?.path[0];
    return new InvalidRequest(name === undefined ? "The request is malformed." : `${String(name)} must be a string.`);
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!(error instanceof OAuthError)) return apiErrorHandler(error, request, reply);
    if (error.status === 401) reply.header("www-authenticate", 'Basic realm="store"');
    return reply.status(error.status).send(error.toJSON());
  });

  for (const plugin of routes) await app.register(plugin);
};
