import { z } from "zod";

/** The answers of GET /healthz and GET /readyz (routes/health.ts). */

const checkResult = z.object({
  status: z.enum(["ok", "failed", "skipped"]),
  error: z.string().optional().meta({ description: "What failed, when it did." }),
  applied: z.number().int().optional().meta({ description: "Migrations applied to the database." }),
  shipped: z.number().int().optional().meta({ description: "Migrations this build of the store ships." }),
});

const checks = z.object({ database: checkResult, migrations: checkResult, media: checkResult });

export const aliveResponse = z.object({ status: z.literal("ok") }).meta({ description: "The process is alive." });

export const readyResponse = z
  .object({ status: z.literal("ready"), checks })
  .meta({ description: "Every check passed." });

export const notReadyResponse = z
  .object({
    status: z.literal("unready"),
    error: z.literal("not_ready"),
    error_description: z.string(),
    checks,
  })
  .meta({ description: "A check failed: it is named, with what went wrong." });
