import { z } from "zod";
import { formBoolean, formBody, formParam, formString, jsonField, looseFields } from "../api/input.js";
import { PERMISSIONS } from "../auth/permissions.js";

/** The password rule, for the users API, the set-password page and the CLI alike. */
export const PASSWORD_LENGTH = { min: 8, max: 256 } as const;

export const emailField = formString
  .max(254, { error: "must be at most 254 characters" })
  .pipe(z.email({ error: "must be a valid email address" }))
  .meta({ description: "Login email; unique across all accounts (compared without case)." });

export const passwordField = z
  .string({ error: "must be a string" })
  .min(PASSWORD_LENGTH.min, { error: `must be at least ${PASSWORD_LENGTH.min} characters` })
  .max(PASSWORD_LENGTH.max, { error: `must be at most ${PASSWORD_LENGTH.max} characters` })
  .meta({
    description: `Write-only, ${PASSWORD_LENGTH.min}–${PASSWORD_LENGTH.max} characters; only over HTTPS in production mode.`,
  });

/** What is wrong with a password, as a sentence; undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  const issue = passwordField.safeParse(password).error?.issues[0];
  return issue && `The password ${issue.message}.`;
}

const permissionsField = jsonField(
  z.array(z.enum(PERMISSIONS, { error: `may only contain ${PERMISSIONS.join(", ")}` }), {
    error: "must be a JSON list",
  }),
).meta({ description: `JSON-encoded list drawn from ${PERMISSIONS.join(", ")}, e.g. ["manage_orders"].` });

/** POST /users: empty fields count as absent (an HTML form sends every input). */
export const createUserBody = formBody(
  {
    email: emailField,
    password: passwordField.optional(),
    permissions: permissionsField.optional().meta({
      description: `JSON-encoded list drawn from ${PERMISSIONS.join(", ")}, e.g. ["manage_orders"]; all of them when omitted.`,
    }),
  },
  { emptyIsAbsent: true },
);

export const updateUserBody = formBody(
  {
    email: emailField.optional(),
    password: passwordField.optional(),
    permissions: permissionsField.optional(),
    is_active: formBoolean.optional().meta({
      description:
        "Extension: writable here (the contract only returns it). An inactive user cannot sign in and their tokens answer 401.",
      "x-store-extension": true,
    }),
  },
  { emptyIsAbsent: true },
);

/** The User resource as the API returns it. */
export const user = z
  .object({
    id: z.number().int(),
    email: z.string(),
    permissions: z.array(z.enum(PERMISSIONS)).meta({ description: "In the contract's order." }),
    is_active: z.boolean(),
    password_set: z.boolean().meta({
      description:
        "Extension: false until the user has a password (invited, the set-password link not used yet). " +
        "An active user without one is an open invitation: POST /users/{id}/invitation sends a fresh link.",
      "x-store-extension": true,
    }),
    created: z.number().int().meta({ description: "Extension: UNIX time in seconds.", "x-store-extension": true }),
    modified: z.number().int().meta({ description: "Extension: UNIX time in seconds.", "x-store-extension": true }),
  })
  .meta({ description: "A store user; never anything about the password." });

export const userList = z.array(user).meta({ description: "Every user, by id." });

/** The set-password page's link token (GET) and form (POST); the handler checks each field itself. */
export const setPasswordQuery = looseFields({ token: formParam.optional() });
export const setPasswordForm = looseFields({
  token: formParam.optional(),
  password: formParam.optional(),
  confirm: formParam.optional(),
});
