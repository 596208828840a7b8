import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ValidationError } from "../../../api/errors.js";
import { actor } from "../../../api-v1/plugin.js";
import { resource } from "../../../api/routes.js";
import { apiErrors, deleted, idParams } from "../../../api/schemas.js";
import { changeUser } from "../../../accounts/changes.js";
import { passwordsAllowed } from "../../../auth/transport.js";
import { createUserBody, updateUserBody, user, userList } from "../../../users/schemas.js";
import { serializeUser } from "../../../users/serialize.js";
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  requestPasswordReset,
  resendInvitation,
} from "../../../users/users.js";

const tags = ["Users"];

/** /api/v1/users and /api/v1/users/:id (docs/contract.md#users). */
const usersRoutes: FastifyPluginAsyncZod = async (api) => {
  const { db, config, mailer } = api;
  // Read per request: publicUrl may be settled after the app is built (a port picked at listen).
  const linkMail = () => ({
    mailer,
    publicUrl: config.publicUrl,
    storeName: config.storeName,
    dashboardUrl: config.dashboardUrl,
  });

  function assertPasswordTransport(request: FastifyRequest, password: string | undefined) {
    if (password !== undefined && !passwordsAllowed(config, request)) {
      throw new ValidationError({ password: "can only be set over HTTPS" });
    }
  }

  resource(api, "/users", {
    GET: {
      schema: { tags, summary: "List users", response: { 200: userList, ...apiErrors } },
      handler: async () => (await listUsers(db)).map(serializeUser),
    },
    POST: {
      schema: {
        tags,
        summary: "Create a user",
        description: "Without a password, the user gets a welcome email with a link to set one.",
        body: createUserBody,
        response: { 201: user, ...apiErrors },
      },
      handler: async (request, reply) => {
        assertPasswordTransport(request, request.body.password);
        const created = await db.transaction((tx) => createUser(tx, request.body, linkMail()));
        void mailer.deliver();
        return reply.status(201).send(serializeUser(created));
      },
    },
  });

  resource(api, "/users/:id", {
    GET: {
      schema: { tags, summary: "Get a user", params: idParams, response: { 200: user, ...apiErrors } },
      handler: async (request) => serializeUser(await getUser(db, request.params.id)),
    },
    PUT: {
      schema: {
        tags,
        summary: "Update a user",
        params: idParams,
        body: updateUserBody,
        response: { 200: user, ...apiErrors },
      },
      handler: async (request) => {
        assertPasswordTransport(request, request.body.password);
        const updated = await db.transaction(async (tx) =>
          changeUser(tx, actor(request).id, await getUser(tx, request.params.id), request.body, request.auth?.grantId),
        );
        return serializeUser(updated);
      },
    },
    DELETE: {
      schema: { tags, summary: "Delete a user", params: idParams, response: { 200: deleted, ...apiErrors } },
      handler: async (request): Promise<true> => {
        await db.transaction(async (tx) => deleteUser(tx, actor(request).id, await getUser(tx, request.params.id)));
        return true;
      },
    },
  });

  resource(api, "/users/:id/invitation", {
    POST: {
      schema: {
        tags,
        summary: "Send the invitation again",
        description:
          "Extension: emails a fresh invitation (a single-use link to set a password) and voids the user's older " +
          "unused links. Only for an active user who has not set a password yet (`password_set` false); otherwise " +
          "409 conflict (send a password reset, or reactivate the user first). No body.",
        "x-store-extension": true,
        params: idParams,
        response: { 200: user, ...apiErrors },
      },
      handler: async (request) => {
        const invited = await db.transaction(async (tx) =>
          resendInvitation(tx, await getUser(tx, request.params.id), linkMail()),
        );
        void mailer.deliver();
        return serializeUser(invited);
      },
    },
  });

  resource(api, "/users/:id/password_reset", {
    POST: {
      schema: {
        tags,
        summary: "Email a password reset link",
        description:
          "Extension: emails a fresh single-use link to choose a new password and voids the user's older unused " +
          "links. The current password keeps working until the link is used. Refused with 409 conflict for an " +
          "inactive user (reactivate them first). No body.",
        "x-store-extension": true,
        params: idParams,
        response: { 200: user, ...apiErrors },
      },
      handler: async (request) => {
        const target = await db.transaction(async (tx) =>
          requestPasswordReset(tx, await getUser(tx, request.params.id), linkMail()),
        );
        void mailer.deliver();
        return serializeUser(target);
      },
    },
  });
};

export default usersRoutes;
