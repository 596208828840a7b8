import { z } from "zod";

/** A response that is an HTML page, for a route's response schema. */
export function htmlPage(description: string) {
  return { description, content: { "text/html": { schema: z.string() } } };
}
