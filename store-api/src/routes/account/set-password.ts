import { and, eq, gt, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { hashPassword, sha256 } from "../../auth/secrets.js";
import { passwordTokens, users } from "../../db/schema.js";
import { sendPage } from "../../pages/html.js";
import { messagePage, setPasswordPage } from "../../pages/oauth-pages.js";

/** The page behind the welcome e-mail's link: an invited user sets a password (single-use link). */
export default async function setPasswordRoutes(app: FastifyInstance) {
  const { storeName, mode } = app.config;

  async function findLink(token: unknown) {
    if (typeof token !== "string" || !token || token.length > 200) return undefined;
    const [row] = await app.db
      .select({ link: passwordTokens, user: users })
      .from(passwordTokens)
      .innerJoin(users, eq(users.id, passwordTokens.userId))
      .where(
        and(
          eq(passwordTokens.tokenHash, sha256(token)),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, new Date()),
        ),
      );
    return row;
  }

  const invalid = messagePage({
    storeName,
    title: "This link no longer works",
    message: "The password link has expired or was already used.",
    detail: "Ask a store administrator to send you a new invitation.",
  });

  app.get("/account/set-password", async (request, reply) => {
    const token = (request.query as Record<string, unknown>).token;
    const row = await findLink(token);
    if (!row) return sendPage(reply, 410, invalid);
    return sendPage(reply, 200, setPasswordPage({ storeName, token: token as string, email: row.user.email }));
  });

  app.post("/account/set-password", async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const row = await findLink(body.token);
    if (!row) return sendPage(reply, 410, invalid);
    const password = typeof body.password === "string" ? body.password : "";
    const again = (error: string) =>
      sendPage(reply, 422, setPasswordPage({ storeName, token: body.token as string, email: row.user.email, error }));
    if (mode === "production" && request.protocol !== "https") return again("Passwords can only be set over HTTPS.");
    if (password.length < 8) return again("Use at least 8 characters.");
    if (password.length > 256) return again("Use at most 256 characters.");
    if (password !== body.confirm) return again("The two passwords do not match.");
    const passwordHash = await hashPassword(password);
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.user.id));
      await tx
        .update(passwordTokens)
        .set({ usedAt: new Date() })
        .where(eq(passwordTokens.tokenHash, row.link.tokenHash));
    });
    return sendPage(
      reply,
      200,
      messagePage({
        storeName,
        title: "Password set",
        message: "Your password is set. Return to the store's admin and sign in with your e-mail and new password.",
      }),
    );
  });
}
