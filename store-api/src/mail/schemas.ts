import { z } from "zod";

export const outboxMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  created: z.number().int().meta({ description: "UNIX time in seconds." }),
  delivered: z
    .number()
    .int()
    .nullable()
    .meta({ description: "UNIX time in seconds; null while it waits (or without SMTP)." }),
});

export const outboxList = z.array(outboxMessage).meta({ description: "The latest 200 messages, newest first." });
