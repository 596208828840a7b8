import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resource } from "../../api/routes.js";
import { noBody } from "../../api/schemas.js";
import { passwordsAllowed } from "../../auth/transport.js";
import { signInForm, signOutForm } from "../../oauth/schemas.js";
import { csrfValid, endSession, ensureSession, loadSession, signInSession } from "../../oauth/session.js";
import { checkSignIn } from "../../oauth/sign-in.js";
import { sendPage } from "../../pages/html.js";
import { dashboardLink, messagePage, signInPage, signedOutPage, signOutPage } from "../../pages/oauth-pages.js";
import { htmlPage } from "../../pages/schemas.js";
import { PASSWORD_LENGTH } from "../../users/schemas.js";

const SIGNED_IN = "/oauth2/signed-in";
const SIGN_OUT = "/oauth2/logout";

/**
 * Only the store's own authorize URL may be returned to after sign-in (no open
 * redirect). One holding anything but printable ASCII (CR/LF above all) cannot
 * go into a Location header: undefined, and the form answers 400.
 */
function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.startsWith("/oauth2/authorize?")) return SIGNED_IN;
  return /^[\x21-\x7e]*$/.test(value) ? value : undefined;
}

/**
 * Where signing out goes: back to the authorization request of "Sign in as
 * someone else", or else to the signed-out page (GET /oauth2/logout).
 */
function signOutReturnTo(value: unknown): string | undefined {
  return typeof value === "string" && value.startsWith("/oauth2/authorize?") ? safeReturnTo(value) : SIGN_OUT;
}

const BROKEN_RETURN_TO = "This sign-in link is damaged. Go back to the application and start signing in again.";

const tags = ["OAuth"];

/**
 * POST /oauth2/login (the sign-in form), /oauth2/logout (the sign-out page, its
 * form, and the consent page's "sign in as someone else") and the signed-in page.
 */
const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeName, signIn, dashboardUrl } = app.config;
  const back = dashboardLink(dashboardUrl);

  app.post(
    "/oauth2/login",
    {
      schema: {
        tags,
        summary: "The sign-in form",
        consumes: ["application/x-www-form-urlencoded"],
        body: signInForm,
        response: {
          303: noBody("Signed in: back to the authorization request."),
          "4xx": htmlPage(
            "The sign-in form again, with what went wrong (429: too many failed sign-ins, see Retry-After).",
          ),
          503: htmlPage("Too many sign-ins at once: the sign-in form again; retry after Retry-After seconds."),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const safeReturn = safeReturnTo(body.return_to);
      const returnTo = safeReturn ?? SIGNED_IN;
      const email = typeof body.email === "string" ? body.email.trim() : "";
      const password = typeof body.password === "string" ? body.password : "";
      const session = await loadSession(app.db, request);
      const again = async (status: number, error: string) => {
        const s = await ensureSession(app.db, request, reply);
        return sendPage(reply, status, signInPage({ storeName, csrfToken: s.csrfToken, returnTo, email, error }));
      };

      if (safeReturn === undefined) return again(400, BROKEN_RETURN_TO);
      if (!csrfValid(session, body.csrf_token)) return again(400, "Your sign-in form expired. Please sign in again.");
      if (!passwordsAllowed(app.config, request)) {
        return again(400, "This store accepts passwords only over HTTPS. Open it with an https:// address.");
      }
      if (!email || !password) return again(400, "Enter your email and password.");
      // No password is longer (docs/contract.md#users), and hashing a huge one costs the store dearly.
      if (password.length > PASSWORD_LENGTH.max) {
        return again(400, `The password is longer than ${PASSWORD_LENGTH.max} characters: no password is.`);
      }
      const outcome = await checkSignIn(app.db, signIn, { email, password, address: request.ip });
      switch (outcome.kind) {
        case "throttled": {
          const wait = outcome.retryAfter;
          reply.header("retry-after", String(wait));
          request.log.info({ event: "sign_in_throttled", limit: outcome.limit }, "sign-in throttled");
          const when = wait < 60 ? "in a minute" : `in ${Math.ceil(wait / 60)} minutes`;
          return again(429, `Too many failed sign-ins. Try again ${when}.`);
        }
        case "busy":
          reply.header("retry-after", String(outcome.retryAfter));
          request.log.warn({ event: "sign_in_busy" }, "too many password checks at once");
          return again(503, "The store is busy signing people in. Try again in a moment.");
        case "wrong":
          request.log.info({ event: "sign_in_failed" }, "sign-in failed");
          return again(401, "The email or password is not correct.");
        case "inactive":
          return again(403, "This account is deactivated. Ask a store administrator to reactivate it.");
      }
      const { user } = outcome;
      await signInSession(app.db, request, reply, session, user);
      request.log.info({ event: "sign_in", userId: user.id }, "signed in");
      return reply.redirect(returnTo, 303);
    },
  );

  resource(app, SIGN_OUT, {
    GET: {
      schema: {
        tags,
        summary: "The sign-out page",
        description:
          "Extension: signed in, a page asking to sign out of the store's pages (a form: a GET alone signs no one " +
          "out); signed out, a page saying so. Both link back to the dashboard when STORE_DASHBOARD_URL is set.",
        "x-store-extension": true,
        response: { 200: htmlPage("The sign-out form, or the signed-out page.") },
      },
      handler: async (request, reply) => {
        const session = await loadSession(app.db, request);
        if (!session?.user) return sendPage(reply, 200, signedOutPage({ storeName, back }));
        const form = signOutPage({ storeName, csrfToken: session.csrfToken, userEmail: session.user.email, back });
        return sendPage(reply, 200, form);
      },
    },
    POST: {
      schema: {
        tags,
        summary: "Sign out of the store's pages",
        consumes: ["application/x-www-form-urlencoded"],
        body: signOutForm,
        response: {
          303: noBody("Back to the authorization request (return_to), or else to the signed-out page."),
          400: htmlPage("The return_to is damaged."),
        },
      },
      handler: async (request, reply) => {
        const session = await loadSession(app.db, request);
        const returnTo = signOutReturnTo(request.body.return_to);
        if (returnTo === undefined) {
          return sendPage(
            reply,
            400,
            messagePage({ storeName, title: "That did not work", message: BROKEN_RETURN_TO }),
          );
        }
        // Without a valid token (an expired form) nothing ends: the page then asks again.
        if (csrfValid(session, request.body.csrf_token)) await endSession(app.db, reply, session);
        return reply.redirect(returnTo, 303);
      },
    },
  });

  app.get(
    "/oauth2/signed-in",
    {
      schema: {
        tags,
        summary: "Where sign-in ends without an authorization request",
        response: { 200: htmlPage("You are signed in.") },
      },
    },
    async (_request, reply) =>
      sendPage(
        reply,
        200,
        messagePage({
          storeName,
          title: "You are signed in",
          message: "Return to the application you came from to continue.",
        }),
      ),
  );
};

export default loginRoutes;
