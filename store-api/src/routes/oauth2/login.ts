import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { noBody } from "../../api/schemas.js";
import { verifyPassword } from "../../auth/secrets.js";
import { passwordsAllowed } from "../../auth/transport.js";
import { LoginLimiter } from "../../oauth/login-limiter.js";
import { signInForm, signOutForm } from "../../oauth/schemas.js";
import { csrfValid, endSession, ensureSession, loadSession, signInSession } from "../../oauth/session.js";
import { sendPage } from "../../pages/html.js";
import { messagePage, signInPage } from "../../pages/oauth-pages.js";
import { htmlPage } from "../../pages/schemas.js";
import { findUserByEmail } from "../../users/users.js";

/** Only the store's own authorize URL may be returned to after sign-in (no open redirect). */
function safeReturnTo(value: unknown): string {
  return typeof value === "string" && value.startsWith("/oauth2/authorize?") ? value : "/oauth2/signed-in";
}

const tags = ["OAuth"];

/** POST /oauth2/login (the sign-in form), POST /oauth2/logout ("sign in as someone else") and the signed-in page. */
const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeName } = app.config;
  const limiter = new LoginLimiter();

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
          "4xx": htmlPage("The sign-in form again, with what went wrong."),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const returnTo = safeReturnTo(body.return_to);
      const email = typeof body.email === "string" ? body.email.trim() : "";
      const password = typeof body.password === "string" ? body.password : "";
      const session = await loadSession(app.db, request);
      const again = async (status: number, error: string) => {
        const s = await ensureSession(app.db, request, reply);
        return sendPage(reply, status, signInPage({ storeName, csrfToken: s.csrfToken, returnTo, email, error }));
      };

      if (!csrfValid(session, body.csrf_token)) return again(400, "Your sign-in form expired. Please sign in again.");
      if (!passwordsAllowed(app.config, request)) {
        return again(400, "This store accepts passwords only over HTTPS. Open it with an https:// address.");
      }
      if (!email || !password) return again(400, "Enter your e-mail and password.");
      const wait = limiter.retryAfter(email, request.ip);
      if (wait > 0) {
        reply.header("retry-after", String(wait));
        return again(
          429,
          `Too many failed sign-ins. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? "s" : ""}.`,
        );
      }
      const user = await findUserByEmail(app.db, email);
      const ok = await verifyPassword(password, user?.passwordHash);
      if (!user || !ok) {
        limiter.fail(email, request.ip);
        request.log.info({ event: "sign_in_failed" }, "sign-in failed");
        return again(401, "The e-mail or password is not correct.");
      }
      if (!user.isActive) return again(403, "This account is deactivated. Ask a store administrator to reactivate it.");
      limiter.succeed(email);
      await signInSession(app.db, request, reply, session, user);
      request.log.info({ event: "sign_in", userId: user.id }, "signed in");
      return reply.redirect(returnTo, 303);
    },
  );

  app.post(
    "/oauth2/logout",
    {
      schema: {
        tags,
        summary: "Sign out of the store's pages",
        consumes: ["application/x-www-form-urlencoded"],
        body: signOutForm,
        response: { 303: noBody("Back to the authorization request, now signed out.") },
      },
    },
    async (request, reply) => {
      const session = await loadSession(app.db, request);
      if (csrfValid(session, request.body.csrf_token)) await endSession(app.db, reply, session);
      return reply.redirect(safeReturnTo(request.body.return_to), 303);
    },
  );

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
