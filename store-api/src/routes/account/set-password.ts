import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { passwordsAllowed } from "../../auth/transport.js";
import { sendPage } from "../../pages/html.js";
import { dashboardLink, messagePage, setPasswordPage } from "../../pages/oauth-pages.js";
import { htmlPage } from "../../pages/schemas.js";
import { setPasswordWithLink } from "../../accounts/changes.js";
import { findPasswordLink } from "../../users/password-links.js";
import { PASSWORD_LENGTH, passwordProblem, setPasswordForm, setPasswordQuery } from "../../users/schemas.js";

const tags = ["Account"];

/**
 * The page behind the link of an invitation or password-reset email: the user
 * sets a password (single-use link, docs/contract.md#users).
 */
const setPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storeName, dashboardUrl } = app.config;
  const minLength = PASSWORD_LENGTH.min;

  const invalid = messagePage({
    storeName,
    title: "This link no longer works",
    message: "The password link has expired, was already used, or a newer one was sent.",
    detail: "Use the link in the latest email from the store, or ask a store administrator to send you a new one.",
  });
  const done = messagePage({
    storeName,
    title: "Password set",
    message: dashboardUrl
      ? "Your password is set. Sign in to Store Admin with your email and new password."
      : "Your password is set. Go back to the store's admin and sign in with your email and new password.",
    link: dashboardLink(dashboardUrl, "Continue to Store Admin"),
  });

  app.get(
    "/account/set-password",
    {
      schema: {
        tags,
        summary: "The set-password form (the link in an invitation or password-reset email)",
        querystring: setPasswordQuery,
        response: { 200: htmlPage("The form."), 410: htmlPage("The link has expired or was already used.") },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const link = await findPasswordLink(app.db, token);
      if (!link || typeof token !== "string") return sendPage(reply, 410, invalid);
      const reset = link.user.passwordHash !== null;
      return sendPage(reply, 200, setPasswordPage({ storeName, token, email: link.user.email, minLength, reset }));
    },
  );

  app.post(
    "/account/set-password",
    {
      schema: {
        tags,
        summary: "Set the password (once per link)",
        consumes: ["application/x-www-form-urlencoded"],
        body: setPasswordForm,
        response: {
          200: htmlPage("The password is set."),
          410: htmlPage("The link has expired or was already used."),
          422: htmlPage("The form again, with what went wrong."),
        },
      },
    },
    async (request, reply) => {
      const { token, confirm } = request.body;
      const password = typeof request.body.password === "string" ? request.body.password : "";
      const link = await findPasswordLink(app.db, token);
      if (!link || typeof token !== "string") return sendPage(reply, 410, invalid);
      const reset = link.user.passwordHash !== null;
      const again = (error: string) =>
        sendPage(reply, 422, setPasswordPage({ storeName, token, email: link.user.email, minLength, reset, error }));
      if (!passwordsAllowed(app.config, request)) return again("Passwords can only be set over HTTPS.");
      const problem = passwordProblem(password);
      if (problem) return again(problem);
      if (password !== confirm) return again("The two passwords do not match.");
      // The link is claimed atomically inside the transaction: a parallel post of it may have won meanwhile.
      const set = await app.db.transaction((tx) => setPasswordWithLink(tx, token, password));
      if (!set) return sendPage(reply, 410, invalid);
      return sendPage(reply, 200, done);
    },
  );
};

export default setPasswordRoutes;
