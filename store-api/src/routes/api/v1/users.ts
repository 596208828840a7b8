import { asc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { actor } from "../../../api/plugin.js";
import { formBoolean, formString, jsonField, parseInput } from "../../../api/input.js";
import { idParam, resource } from "../../../api/routes.js";
import { PERMISSIONS } from "../../../auth/permissions.js";
import type { Queryable } from "../../../db/index.js";
import { users } from "../../../db/schema.js";
import { NotFoundError, ValidationError } from "../../../errors.js";
import { createUser, deleteUser, serializeUser, updateUser } from "../../../users/users.js";

export const emailField = formString
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be a valid e-mail address" }));
export const passwordField = z
  .string({ error: "must be a string" })
  .min(8, { error: "must be at least 8 characters" })
  .max(256, { error: "must be at most 256 characters" });
const permissionsField = jsonField(
  z.array(z.enum(PERMISSIONS, { error: `may only contain ${PERMISSIONS.join(", ")}` }), {
    error: "must be a JSON list",
  }),
);

const createSchema = z.object({
  email: emailField,
  password: passwordField.optional(),
  permissions: permissionsField.optional(),
});

const updateSchema = z.object({
  email: emailField.optional(),
  password: passwordField.optional(),
  permissions: permissionsField.optional(),
  is_active: formBoolean.optional(),
});

/** Empty form fields count as absent (an HTML form sends every input). */
function dropEmpty(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== "" && v !== undefined));
}

async function loadUser(q: Queryable, request: FastifyRequest) {
  const id = idParam((request.params as { id?: string }).id);
  const [user] = await q.select().from(users).where(eq(users.id, id));
  if (!user) throw new NotFoundError(`There is no user with id ${id}.`);
  return user;
}

export default async function usersRoutes(api: FastifyInstance) {
  const { db, config, mailer } = api;

  /** decisions.md: in production mode passwords are accepted only over HTTPS. */
  function assertPasswordTransport(request: FastifyRequest, password: string | undefined) {
    if (password !== undefined && config.mode === "production" && request.protocol !== "https") {
      throw new ValidationError({ password: "can only be set over HTTPS" });
    }
  }

  resource(api, "/users", {
    GET: async () => {
      const rows = await db.select().from(users).orderBy(asc(users.id));
      return rows.map(serializeUser);
    },
    POST: async (request, reply) => {
      const input = parseInput(createSchema, dropEmpty(request.body));
      assertPasswordTransport(request, input.password);
      const user = await db.transaction((tx) =>
        createUser(tx, input, { mailer, publicUrl: config.publicUrl, storeName: config.storeName }),
      );
      void mailer.deliver();
      return reply.status(201).send(serializeUser(user));
    },
  });

  resource(api, "/users/:id", {
    GET: async (request) => serializeUser(await loadUser(db, request)),
    PUT: async (request) => {
      const input = parseInput(updateSchema, dropEmpty(request.body));
      assertPasswordTransport(request, input.password);
      const updated = await db.transaction(async (tx) =>
        updateUser(tx, actor(request).id, await loadUser(tx, request), input),
      );
      return serializeUser(updated);
    },
    DELETE: async (request) => {
      await db.transaction(async (tx) => deleteUser(tx, actor(request).id, await loadUser(tx, request)));
      return true;
    },
  });
}
