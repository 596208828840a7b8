import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../api/routes.js";
import { noBody } from "../../api/schemas.js";
import {
  AUTHORIZATION_PARAMS,
  RedirectableError,
  UnsafeRedirectError,
  parseAuthorizationRequest,
} from "../../oauth/authorization-request.js";
import { denyAccess, grantAccess } from "../../oauth/consent.js";
import { authorizationQuery, consentForm } from "../../oauth/schemas.js";
import { csrfValid, ensureSession, loadSession } from "../../oauth/session.js";
import { sendPage } from "../../pages/html.js";
import { consentPage, messagePage, signInPage } from "../../pages/oauth-pages.js";
import { htmlPage } from "../../pages/schemas.js";

/** The authorize URL of a request, to come back to after sign-in. */
function authorizeUrl(params: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const name of AUTHORIZATION_PARAMS) {
    const v = params[name];
    if (typeof v === "string") qs.set(name, v);
  }
  return `/oauth2/authorize?${qs}`;
}

function stringParam(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

const tags = ["OAuth"];

/**
 * GET /oauth2/authorize shows sign-in (when signed out) and then consent;
 * POST /oauth2/authorize takes the consent decision and redirects to the
 * application with a code (response_type=code) or a token in the fragment
 * (response_type=token, the contract's client-side flow).
 */
const authorizeRoutes: FastifyPluginAsyncZod = async (app) => {
  const storeName = app.config.storeName;

  /** The validated request, or null once the reply is an error page or an error redirect. */
  async function parseOrRespond(reply: FastifyReply, params: Record<string, unknown>) {
    try {
      return await parseAuthorizationRequest(app.db, params);
    } catch (err) {
      if (err instanceof UnsafeRedirectError) {
        const detail = "Go back to the application and start again; if it keeps happening, tell whoever runs it.";
        sendPage(
          reply,
          400,
          messagePage({ storeName, title: "This sign-in link is not valid", message: err.message, detail }),
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
    GET: {
      schema: {
        tags,
        summary: "Authorization request: sign-in, then consent",
        querystring: authorizationQuery,
        response: {
          200: htmlPage("The sign-in page (signed out) or the consent page."),
          302: noBody("An error for the application at its redirect_uri (RFC 6749 §4.1.2.1)."),
          400: htmlPage("The request cannot be redirected safely (unknown client, unregistered redirect_uri)."),
        },
      },
      handler: async (request, reply) => {
        const params = request.query;
        const authz = await parseOrRespond(reply, params);
        if (!authz) return reply;
        const session = await ensureSession(app.db, request, reply);
        const returnTo = authorizeUrl(params);
        if (!session.user) {
          return sendPage(
            reply,
            200,
            signInPage({ storeName, csrfToken: session.csrfToken, returnTo, clientName: authz.client.name }),
          );
        }
        const consent = consentPage({
          storeName,
          csrfToken: session.csrfToken,
          clientName: authz.client.name,
          userEmail: session.user.email,
          scopes: authz.scope.split(" "),
          returnTo,
          params: Object.fromEntries(AUTHORIZATION_PARAMS.map((n) => [n, stringParam(params[n])])),
        });
        return sendPage(reply, 200, consent);
      },
    },

    POST: {
      schema: {
        tags,
        summary: "The consent decision",
        consumes: ["application/x-www-form-urlencoded"],
        body: consentForm,
        response: {
          302: noBody("An error for the application at its redirect_uri."),
          303: noBody("To the application (code, token or access_denied), or back to sign-in when signed out."),
          400: htmlPage("The request cannot be redirected safely."),
          403: htmlPage("The form expired or did not come from this store."),
        },
      },
      handler: async (request, reply) => {
        const body = request.body;
        const authz = await parseOrRespond(reply, body);
        if (!authz) return reply;
        const session = await loadSession(app.db, request);
        const user = session?.user;
        if (!user) {
          // Signed out (or the session expired) between consent and the decision: start over.
          return reply.redirect(authorizeUrl(body), 303);
        }
        if (!csrfValid(session, body.csrf_token)) {
          const message =
            "The form expired or did not come from this store. Go back to the application and sign in again.";
          return sendPage(reply, 403, messagePage({ storeName, title: "Please try again", message }));
        }
        if (body.decision !== "allow") return reply.redirect(denyAccess(authz), 303);
        const location = await app.db.transaction((tx) => grantAccess(tx, authz, user));
        return reply.redirect(location, 303);
      },
    },
  });
};

export default authorizeRoutes;
