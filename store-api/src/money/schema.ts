import { z } from "zod";
import { MoneyError, parseMoney } from "./money.js";

/**
 * A request field holding an amount in the store currency, parsed into integer
 * minor units. A value of the wrong type (a boolean, a list) is malformed (400);
 * text that is not an amount is invalid (422, naming the field); a missing one
 * "is required" unless the field is `.optional()`. Route plugins build their
 * schemas with the store's currency: `moneyField(config.currency)`.
 */
export function moneyField(currency: string, opts: { allowNegative?: boolean } = {}) {
  return z
    .unknown()
    .transform((value, ctx) => {
      if (typeof value !== "number" && typeof value !== "string") {
        ctx.addIssue({
          code: "invalid_type",
          expected: "number",
          input: value,
          message: "must be an amount such as 12.50",
        });
        return z.NEVER;
      }
      try {
        return parseMoney(value, currency, opts);
      } catch (err) {
        if (!(err instanceof MoneyError)) throw err;
        ctx.addIssue({ code: "custom", message: err.message, input: value });
        return z.NEVER;
      }
    })
    .meta({
      type: ["string", "number"],
      description: `An amount in ${currency}: 12.5, "12.50" or with the currency's symbol, "${new Intl.NumberFormat("en-US", { style: "currency", currency }).format(12.5)}".`,
      examples: ["12.50"],
    });
}
