import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { randomToken, sha256 } from "../../auth/secrets.js";
import { oauthCodes } from "../../db/schema.js";
import {
  AUTHORIZATION_PARAMS,
  RedirectableError,
  UnsafeRedirectError,
  parseAuthorizationRequest,
  redirectLocation,
  type AuthorizationRequest,
} from "../../oauth/authorization-request.js";
import { AccessDenied } from "../../oauth/errors.js";
import { createGrant, issueTokens } from "../../oauth/tokens.js";
import { csrfValid, ensureSession, loadSession } from "../../oauth/session.js";
import { sendPage } from "../../pages/html.js";
import { resource } from "../../api/routes.js";
import { consentPage, messagePage, signInPage } from "../../pages/oauth-pages.js";
import type { UserRow } from "../../users/users.js";

/** Authorization codes live 60 seconds and work once (decisions.md). */
const CODE_TTL_MS = 60_000;

function authorizeUrl(params: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const name of AUTHORIZATION_PARAMS) {
    const v = params[name];
    if (typeof v === "string") qs.set(name, v);
  }
  return `/oauth2/authorize?${qs}`;
}

/**
 * GET /oauth2/authorize shows sign-in (when signed out) and then consent;
 * POST /oauth2/authorize takes the consent decision and redirects to the
 * application with a code (response_type=code) or a token in the fragment
 * (response_type=token, the spec's client-side flow).
 */
export default async function authorizeRoutes(app: FastifyInstance) {
  const storeName = app.config.storeName;

  async function parseOrRespond(request: FastifyRequest, reply: FastifyReply, params: Record<string, unknown>) {
    try {
      return await parseAuthorizationRequest(app.db, params);
    } catch (err) {
      if (err instanceof UnsafeRedirectError) {
        sendPage(
          reply,
          400,
          messagePage({
            storeName,
            title: "This sign-in link is not valid",
            message: err.message,
            detail: "Go back to the application and start again; if it keeps happening, tell whoever runs it.",
          }),
        );
        return null;
      }
      if (err instanceof RedirectableError) {
        reply.redirect(err.location(), 302);
        return null;
      }
      throw err;
    }
  }

  resource(app, "/oauth2/authorize", {
    GET: async (request, reply) => {
      const params = request.query as Record<string, unknown>;
      const authz = await parseOrRespond(request, reply, params);
      if (!authz) return reply;
      const session = await ensureSession(app, request, reply);
      const returnTo = authorizeUrl(params);
      if (!session.user) {
        return sendPage(
          reply,
          200,
          signInPage({ storeName, csrfToken: session.csrfToken, returnTo, clientName: authz.client.name }),
        );
      }
      return sendPage(
        reply,
        200,
        consentPage({
          storeName,
          csrfToken: session.csrfToken,
          clientName: authz.client.name,
          userEmail: session.user.email,
          scopes: authz.scope.split(" "),
          returnTo,
          params: Object.fromEntries(
            AUTHORIZATION_PARAMS.map((n) => [n, typeof params[n] === "string" ? (params[n] as string) : undefined]),
          ),
        }),
      );
    },

    POST: async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const authz = await parseOrRespond(request, reply, body);
      if (!authz) return reply;
      const session = await loadSession(app, request);
      if (!session?.user) {
        // Signed out (or the session expired) between consent and the decision: start over.
        return reply.redirect(authorizeUrl(body), 303);
      }
      if (!csrfValid(session, body.csrf_token)) {
        return sendPage(
          reply,
          403,
          messagePage({
            storeName,
            title: "Please try again",
            message: "The form expired or did not come from this store. Go back to the application and sign in again.",
          }),
        );
      }
      const mode = authz.responseType === "token" ? "fragment" : "query";
      if (body.decision !== "allow") {
        const denied = new AccessDenied();
        return reply.redirect(
          redirectLocation(authz.redirectUri, mode, {
            error: denied.code,
            error_description: denied.message,
            state: authz.state,
          }),
          303,
        );
      }
      const location = await app.db.transaction(async (tx) => grantAccess(tx, authz, session.user!));
      return reply.redirect(location, 303);
    },
  });
}

async function grantAccess(
  tx: Parameters<Parameters<FastifyInstance["db"]["transaction"]>[0]>[0],
  authz: AuthorizationRequest,
  user: UserRow,
): Promise<string> {
  if (authz.responseType === "token") {
    // Implicit grant: the token goes in the fragment; no refresh token (RFC 6749 §4.2.2).
    const grantId = await createGrant(tx, authz.client.clientId, user.id, authz.scope);
    const t = await issueTokens(tx, { id: grantId, scope: authz.scope }, user, { refresh: false });
    return redirectLocation(authz.redirectUri, "fragment", {
      access_token: t.access_token,
      token_type: t.token_type,
      expire_in: t.expire_in,
      expires_in: t.expires_in,
      scope: t.scope,
      state: authz.state,
    });
  }
  const code = randomToken("sac_");
  await tx.insert(oauthCodes).values({
    codeHash: sha256(code),
    clientId: authz.client.clientId,
    userId: user.id,
    redirectUri: authz.redirectUri,
    scope: authz.scope,
    codeChallenge: authz.codeChallenge ?? null,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return redirectLocation(authz.redirectUri, "query", { code, state: authz.state });
}
