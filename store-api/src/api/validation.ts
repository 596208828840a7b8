import type { FastifySchemaCompiler, FastifySchemaValidationError } from "fastify";
import type { z } from "zod";
import { NotFoundError } from "./errors.js";
import { inputError } from "./input.js";

/** The zod issue behind each validation error Fastify hands to a scope's formatter. */
const issues = new WeakMap<FastifySchemaValidationError, z.core.$ZodIssue>();

/**
 * Validates route input with the route's zod schemas (the type provider's
 * compiler, except that issues keep their input: inputError needs it to tell a
 * missing field from a wrong type). A failure goes to the scope's schema error
 * formatter, so each scope answers it in its own error model.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: result.error.issues.map((issue) => {
        const error: FastifySchemaValidationError = {
          keyword: issue.code,
          instancePath: `/${issue.path.join("/")}`,
          schemaPath: "#",
          params: {},
          message: issue.message,
        };
        issues.set(error, issue);
        return error;
      }),
    };
  };

/** The zod issues of a failed validation, for a scope's formatter. */
export function zodIssues(errors: FastifySchemaValidationError[]): z.core.$ZodIssue[] {
  return errors.flatMap((e) => issues.get(e) ?? []);
}

/**
 * The JSON error model's formatter: a path that does not parse names no
 * resource (404); bad fields are 400 or 422 (api/input.ts).
 */
export function apiErrorFormatter(errors: FastifySchemaValidationError[], part: string): Error {
  if (part === "params") return new NotFoundError();
  return inputError(zodIssues(errors));
}
