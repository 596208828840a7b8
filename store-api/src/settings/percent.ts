import { z } from "zod";

/**
 * Percentages (a tax rule's rate, a percentage shipping charge): the percent
 * itself, 8.25 for 8.25% (docs/contract.md#pricing). Written as `8.25`,
 * `"8.25"` or `"8.25%"`, from 0 to 100, kept to six decimals; read as `"8.25%"`
 * beside the float `8.25`.
 */

/** Why a value is not a percentage; the sentence completes "<field> …". */
export class PercentError extends Error {
  override name = "PercentError";
}

const MESSAGE = 'must be a percentage from 0 to 100, such as 8.25 or "8.25%"';
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Six decimals, without binary noise (8.25 stays 8.25). */
function sixDecimals(n: number): number {
  return Number(n.toFixed(6));
}

/** Parses a percentage: a number, or text with an optional trailing "%". */
export function parsePercent(value: unknown): number {
  let n: number;
  if (typeof value === "number") n = value;
  else if (typeof value === "string") {
    const text = value.trim().replace(/\s*%$/, "");
    if (!DECIMAL.test(text)) throw new PercentError(MESSAGE);
    n = Number(text);
  } else throw new PercentError(MESSAGE);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new PercentError(MESSAGE);
  return sixDecimals(n);
}

/** `"8.25%"`: how the API shows a percentage. */
export function formatPercent(percent: number): string {
  return `${sixDecimals(percent)}%`;
}

/** The float of a percentage's `_raw` field. */
export function percentRaw(percent: number): number {
  return sixDecimals(percent);
}

/**
 * A request field holding a percentage. A value of the wrong type (a boolean,
 * a list) is malformed (400); anything else that is not a percentage from 0
 * to 100 is a 422.
 */
export const percentField = z
  .unknown()
  .transform((value, ctx) => {
    if (typeof value !== "number" && typeof value !== "string") {
      ctx.addIssue({ code: "invalid_type", expected: "number", input: value, message: MESSAGE });
      return z.NEVER;
    }
    try {
      return parsePercent(value);
    } catch (err) {
      if (!(err instanceof PercentError)) throw err;
      ctx.addIssue({ code: "custom", message: err.message, input: value });
      return z.NEVER;
    }
  })
  .meta({
    type: ["number", "string"],
    description: 'A percentage from 0 to 100: 8.25, "8.25" or "8.25%".',
    examples: ["8.25%"],
  });
