import type { FastifyInstance } from "fastify";
import { verifyPassword } from "../../auth/secrets.js";
import { LoginLimiter } from "../../oauth/login-limiter.js";
import { csrfValid, endSession, ensureSession, loadSession, signInSession } from "../../oauth/session.js";
import { sendPage } from "../../pages/html.js";
import { messagePage, signInPage } from "../../pages/oauth-pages.js";
import { findUserByEmail } from "../../users/users.js";

/** Only the store's own authorize URL may be returned to after sign-in (no open redirect). */
function safeReturnTo(value: unknown): string {
  return typeof value === "string" && value.startsWith("/oauth2/authorize?") ? value : "/oauth2/signed-in";
}

/** POST /oauth2/login (the sign-in form) and POST /oauth2/logout ("sign in as someone else"). */
export default async function loginRoutes(app: FastifyInstance) {
  const { storeName, mode } = app.config;
  const limiter = new LoginLimiter();

  app.post("/oauth2/login", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const returnTo = safeReturnTo(body.return_to);
    const email = typeof body.email === "string" ? body.email.trim() : "";
    const password = typeof body.password === "string" ? body.password : "";
    const session = await loadSession(app, request);
    const again = async (status: number, error: string) => {
      const s = await ensureSession(app, request, reply);
      return sendPage(reply, status, signInPage({ storeName, csrfToken: s.csrfToken, returnTo, email, error }));
    };

    if (!csrfValid(session, body.csrf_token)) return again(400, "Your sign-in form expired. Please sign in again.");
    if (mode === "production" && request.protocol !== "https") {
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
    await signInSession(app, request, reply, session, user);
    request.log.info({ event: "sign_in", userId: user.id }, "signed in");
    return reply.redirect(returnTo, 303);
  });

  app.post("/oauth2/logout", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const session = await loadSession(app, request);
    if (csrfValid(session, body.csrf_token)) await endSession(app, reply, session);
    return reply.redirect(safeReturnTo(body.return_to), 303);
  });

  app.get("/oauth2/signed-in", async (_request, reply) =>
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
}
