import * as z from "zod/mini";
import { type OptionDraft, optionIssues } from "./edit";
import { perCartTypes } from "./model";

/**
 * What a person may send about shipping groups: one schema per form, used by
 * the form (react-hook-form's resolver) and again by the server action
 * (lib/actions/shipping.ts). zod/mini keeps the forms' JavaScript small.
 */

const storeId = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[^/?#]+$/, "Not an id."));

/** A group's name: 1–255 characters, as the store takes it. */
export const groupNameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, "Enter a name, such as Parcels or Heavy items."),
    z.maxLength(255, "Use at most 255 characters."),
  );

export const createShippingGroupInput = z.object({ name: groupNameField });
export type CreateShippingGroupInput = z.input<typeof createShippingGroupInput>;

export const renameShippingGroupInput = z.object({ id: storeId, name: groupNameField });
export type RenameShippingGroupInput = z.input<typeof renameShippingGroupInput>;

export const shippingGroupIdInput = z.object({ id: storeId });

/** The option editor's form: the draft as it is, with every problem under its field. */
export function optionDraftInput(currency: string) {
  return z
    .custom<OptionDraft>((value) => typeof value === "object" && value !== null)
    .check(
      z.superRefine((draft, ctx) => {
        for (const issue of optionIssues(draft, currency)) {
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.split("."), input: draft });
        }
      }),
    );
}

/* ---------- the server actions' payloads ---------- */

const amount = z.number().check(z.gte(0), z.lte(1e13));

const rangeWrite = z.object({
  range_max: z.nullable(z.number().check(z.gt(0), z.lte(1e13))),
  rate_raw: amount,
});
const ranges = z.optional(z.array(rangeWrite).check(z.minLength(1), z.maxLength(100)));

const destinationWrite = z.object({
  country: z.string().check(z.regex(/^[A-Z]{2}$/)),
  region: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  allowed: z.boolean(),
});

/** One option as the editor sends it (lib/store/shipping/edit.ts#OptionWrite), without its id. */
export const optionWriteInput = z.object({
  name: z.string().check(z.minLength(1), z.maxLength(255)),
  per_cart_type: z.enum(perCartTypes),
  per_cart_rate_raw: amount,
  per_item_rate_raw: z.optional(amount),
  quantity_range_rates: ranges,
  price_range_rates: ranges,
  weight_range_rates: ranges,
  destinations: z.array(destinationWrite).check(z.maxLength(500)),
});

export const saveShippingOptionInput = z.object({
  groupId: storeId,
  /** The option being changed; absent to add one at the end. */
  optionId: z.optional(storeId),
  option: optionWriteInput,
});
export type SaveShippingOptionInput = z.input<typeof saveShippingOptionInput>;

export const shippingOptionIdInput = z.object({ groupId: storeId, optionId: storeId });

export const moveShippingOptionInput = z.object({
  groupId: storeId,
  optionId: storeId,
  direction: z.enum(["up", "down"]),
});
