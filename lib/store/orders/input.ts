import * as z from "zod/mini";
import { isCountryCode } from "../../places";
import { moneyText, parseMoneyText } from "../../money";
import { displayPrice, type Product, type ProductExtra, type ProductOption } from "../products/model";
import type { Address } from "./model";

/**
 * What a person may send to create an order (POST /orders,
 * docs/contract.md#orders): the new order form's values, checked where they are
 * typed (react-hook-form's resolver), turned into the spec's form fields in the
 * browser (`orderFields`), and the server action's payload, checked again on
 * the server (`createOrderInput`). Client-safe: zod/mini and pure functions
 * only.
 */

/* ---------- the form ---------- */

/** One line of the order, as typed. */
export interface OrderLineValues {
  /** The product's key: its options and extras come from the product the picker loaded. */
  productKey: string;
  /** The product's name, for messages ("the quantity of Mug"). */
  productName: string;
  /** An option key of the product (its default option when it has none of its own). */
  optionKey: string;
  /** Extra keys of the product. */
  extraKeys: string[];
  /** A whole number ≥ 1, as typed. */
  quantity: string;
  /** The price of one item without extras, as typed ("12.50"). */
  unitPrice: string;
}

/**
 * An address as typed: the read Address's fields (docs/contract.md#orders). The state is a US
 * state's 2-letter code in the United States, free text elsewhere; the country an ISO 3166-1
 * alpha-2 code.
 */
export type AddressValues = Address;

export interface NewOrderValues {
  lines: OrderLineValues[];
  billing: AddressValues;
  /** Ship to the billing address: `shipping` is then not sent (ship_* = bill_*). */
  shipToBilling: boolean;
  shipping: AddressValues;
  /** A coupon code; "" for none. */
  coupon: string;
  sendNotifications: boolean;
  customId: string;
  /** Staff set the shipping charge themselves, instead of the store computing it. */
  setShipping: boolean;
  shippingAmount: string;
  setTax: boolean;
  taxAmount: string;
}

export const addressParts = [
  "firstName",
  "lastName",
  "street1",
  "street2",
  "city",
  "state",
  "postalCode",
  "country",
  "email",
  "phone",
] as const satisfies readonly (keyof AddressValues)[];
export type AddressPart = (typeof addressParts)[number];

/** The store's name of each address part (`bill_` or `ship_` before it). */
export const addressFieldNames: Record<AddressPart, string> = {
  firstName: "first_name",
  lastName: "last_name",
  street1: "street1",
  street2: "street2",
  city: "city",
  state: "state",
  postalCode: "postal_code",
  country: "country",
  email: "email",
  phone: "phone",
};

export type LineField = "optionKey" | "extraKeys" | "quantity" | "unitPrice";

/** A field of the form, as react-hook-form names it: "coupon", "billing.country", "lines.1.quantity". */
export type NewOrderField =
  | "lines"
  | `lines.${number}.${LineField}`
  | `billing.${AddressPart}`
  | `shipping.${AddressPart}`
  | "coupon"
  | "customId"
  | "shippingAmount"
  | "taxAmount";

export function emptyAddress(): AddressValues {
  return {
    firstName: "",
    lastName: "",
    street1: "",
    street2: "",
    city: "",
    state: "",
    postalCode: "",
    country: "",
    email: "",
    phone: "",
  };
}

export function newOrderValues(): NewOrderValues {
  return {
    lines: [],
    billing: emptyAddress(),
    shipToBilling: true,
    shipping: emptyAddress(),
    coupon: "",
    sendNotifications: true,
    customId: "",
    setShipping: false,
    shippingAmount: "",
    setTax: false,
    taxAmount: "",
  };
}

/** The option a new line starts with: the product's default option, else its first in order. */
export function firstOption(product: Pick<Product, "options">): ProductOption | null {
  return product.options.find((o) => o.isDefault) ?? product.options[0] ?? null;
}

/** What one item of `product` in `option` costs before extras: the price a shopper pays (the sale price while on sale) plus the option's surcharge. */
export function prefilledUnitPrice(
  product: Pick<Product, "price" | "salePrice" | "regularPrice">,
  option: Pick<ProductOption, "surcharge"> | null,
): number {
  return displayPrice(product).current + (option?.surcharge ?? 0);
}

/** A new line for `product`: its first option, no extras, one item at the prefilled price. */
export function lineFor(product: Product): OrderLineValues {
  const option = firstOption(product);
  return {
    productKey: product.key,
    productName: product.name,
    optionKey: option?.key ?? "",
    extraKeys: [],
    quantity: "1",
    unitPrice: moneyText(prefilledUnitPrice(product, option), product.currency),
  };
}

/** The most items of one line this form takes; a store may allow fewer, and says so. */
export const maxQuantity = 100_000;
/** The most lines one order takes here. */
export const maxLines = 100;

/** A quantity as typed; null when it is not a whole number from 1 to maxQuantity. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*\d{1,9}\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= maxQuantity ? n : null;
}

/**
 * What a line costs as the form shows it: (unit price + the chosen extras'
 * surcharges) × quantity; null while the price or the quantity is not a
 * number yet.
 */
export function lineAmount(
  line: Pick<OrderLineValues, "unitPrice" | "quantity" | "extraKeys">,
  extras: readonly Pick<ProductExtra, "key" | "surcharge">[],
  currency: string,
): number | null {
  const price = parseMoneyText(line.unitPrice, currency);
  const quantity = parseQuantity(line.quantity);
  if (!price.ok || quantity === null) return null;
  const surcharges = extras.filter((e) => line.extraKeys.includes(e.key)).reduce((sum, e) => sum + e.surcharge, 0);
  return (price.minor + surcharges) * quantity;
}

export interface FormIssue {
  field: NewOrderField;
  message: string;
}

const maxText = 255;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function addressIssues(
  address: AddressValues,
  prefix: "billing" | "shipping",
  add: (field: NewOrderField, message: string) => void,
) {
  const field = (part: AddressPart): NewOrderField => `${prefix}.${part}`;
  const required: [AddressPart, string][] = [
    ["firstName", "Enter the first name."],
    ["lastName", "Enter the last name."],
    ["street1", "Enter the street and number."],
    ["city", "Enter the city."],
  ];
  for (const [part, message] of required) if (!address[part].trim()) add(field(part), message);
  for (const part of addressParts) {
    if (address[part].trim().length > maxText) add(field(part), `Use at most ${maxText} characters.`);
  }
  const country = address.country.trim();
  if (!country) add(field("country"), "Choose the country.");
  else if (!isCountryCode(country)) add(field("country"), "Choose a country from the list.");
  if (country === "US" && !address.state.trim()) add(field("state"), "Choose the state.");
  const email = address.email.trim();
  if (prefix === "billing" && !email) add(field("email"), "Enter the customer's email, such as ann@example.com.");
  else if (email && !emailPattern.test(email)) add(field("email"), "Enter an email such as ann@example.com.");
  if (address.phone.trim() && !/^[+()\-.\s\d]{3,40}$/.test(address.phone.trim())) {
    add(field("phone"), "Enter a phone number with digits, such as +1 555 0100.");
  }
}

/** Every problem of the form's values, each under its field, in words a person can act on. */
export function newOrderIssues(values: NewOrderValues, currency: string): FormIssue[] {
  const issues: FormIssue[] = [];
  const add = (field: NewOrderField, message: string) => issues.push({ field, message });

  if (!values.lines.length) add("lines", "Add at least one product.");
  else if (values.lines.length > maxLines) add("lines", `An order takes at most ${maxLines} lines here.`);
  values.lines.forEach((line, i) => {
    if (!line.optionKey) add(`lines.${i}.optionKey`, "Choose an option.");
    if (parseQuantity(line.quantity) === null)
      add(`lines.${i}.quantity`, `Enter a whole number from 1 to ${maxQuantity.toLocaleString("en")}.`);
    if (!line.unitPrice.trim()) add(`lines.${i}.unitPrice`, `Enter the price, such as ${moneyText(1250, currency)}.`);
    else {
      const price = parseMoneyText(line.unitPrice, currency);
      if (!price.ok) add(`lines.${i}.unitPrice`, `The price ${price.error}.`);
    }
  });

  addressIssues(values.billing, "billing", add);
  if (!values.shipToBilling) addressIssues(values.shipping, "shipping", add);

  const coupon = values.coupon.trim();
  if (/\s/.test(coupon)) add("coupon", "Enter a code without spaces.");
  else if (coupon.length > 64) add("coupon", "Use at most 64 characters.");
  if (values.customId.trim().length > maxText) add("customId", `Use at most ${maxText} characters.`);

  const amount = (on: boolean, text: string, field: "shippingAmount" | "taxAmount", what: string) => {
    if (!on) return;
    if (!text.trim()) add(field, `Enter the ${what}, such as ${moneyText(500, currency)}, or 0.`);
    else {
      const parsed = parseMoneyText(text, currency);
      if (!parsed.ok) add(field, `The ${what} ${parsed.error}.`);
    }
  };
  amount(values.setShipping, values.shippingAmount, "shippingAmount", "shipping charge");
  amount(values.setTax, values.taxAmount, "taxAmount", "tax");
  return issues;
}

/** The form's schema for react-hook-form: the values as they are, every problem under its field. */
export function newOrderFormInput(currency: string) {
  return z
    .custom<NewOrderValues>((value) => typeof value === "object" && value !== null)
    .check(
      z.superRefine((values, ctx) => {
        for (const issue of newOrderIssues(values, currency)) {
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.field.split("."), input: values });
        }
      }),
    );
}

/* ---------- what is sent ---------- */

/**
 * The form's values (already checked by newOrderIssues) as the spec's POST
 * fields of /orders: `line_N_*` with N from 1 without gaps, `bill_*`, and
 * `ship_*` (the billing address again when shipping to it), `coupon`,
 * `send_notifications`, `custom_id`, and `shipping` and `tax` only when
 * staff set them (the store stores posted amounts as given and computes
 * them otherwise: docs/contract.md#orders). Empty optional parts are left
 * out; money goes as plain amounts ("12.50").
 */
export function orderFields(values: NewOrderValues, currency: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const amount = (text: string) => {
    const parsed = parseMoneyText(text, currency);
    return moneyText(parsed.ok ? parsed.minor : 0, currency);
  };
  values.lines.forEach((line, i) => {
    const n = i + 1;
    fields[`line_${n}_product_option`] = line.optionKey;
    fields[`line_${n}_quantity`] = String(parseQuantity(line.quantity) ?? line.quantity.trim());
    fields[`line_${n}_unit_price`] = amount(line.unitPrice);
    if (line.extraKeys.length) fields[`line_${n}_product_extras`] = line.extraKeys.join(",");
  });
  const address = (prefix: "bill" | "ship", a: AddressValues) => {
    for (const part of addressParts) {
      const value =
        part === "country" || (part === "state" && a.country === "US") ? a[part].trim().toUpperCase() : a[part].trim();
      if (value) fields[`${prefix}_${addressFieldNames[part]}`] = value;
    }
  };
  address("bill", values.billing);
  // A separate shipping address without an email of its own is the customer's: the billing one (stores want one).
  const ship = values.shipToBilling ? values.billing : values.shipping;
  address("ship", ship.email.trim() ? ship : { ...ship, email: values.billing.email });
  const coupon = values.coupon.trim();
  if (coupon) fields.coupon = coupon;
  fields.send_notifications = values.sendNotifications ? "true" : "false";
  const customId = values.customId.trim();
  if (customId) fields.custom_id = customId;
  if (values.setShipping) fields.shipping = amount(values.shippingAmount);
  if (values.setTax) fields.tax = amount(values.taxAmount);
  return fields;
}

/* ---------- the server action's payload ---------- */

const addressNames = Object.values(addressFieldNames).join("|");
const fieldName = new RegExp(
  `^(?:line_[1-9]\\d{0,2}_(?:product_option|quantity|unit_price|product_extras)|(?:bill|ship)_(?:${addressNames})|coupon|send_notifications|custom_id|shipping|tax)$`,
);

/** The POST fields as the action takes them: only the spec's names, lines numbered from 1 without gaps. */
export const createOrderInput = z
  .record(
    z.string().check(z.regex(fieldName, "Not a field of an order.")),
    z.string().check(z.maxLength(1000, "Too long.")),
  )
  .check(
    z.superRefine((fields, ctx) => {
      const numbers = new Set(
        Object.keys(fields).flatMap((key) => {
          const match = /^line_(\d+)_/.exec(key);
          return match ? [Number(match[1])] : [];
        }),
      );
      if (!numbers.size) {
        ctx.addIssue({ code: "custom", message: "Add at least one product.", path: ["lines"], input: fields });
        return;
      }
      for (let n = 1; n <= numbers.size; n++) {
        if (!numbers.has(n) || !fields[`line_${n}_product_option`] || !fields[`line_${n}_quantity`]) {
          ctx.addIssue({ code: "custom", message: "The lines are not complete.", path: ["lines"], input: fields });
          return;
        }
      }
    }),
  );
export type CreateOrderInput = z.input<typeof createOrderInput>;

/* ---------- the store's field names and the form's ---------- */

const lineFieldOf: Record<string, LineField> = {
  product_option: "optionKey",
  product_extras: "extraKeys",
  quantity: "quantity",
  unit_price: "unitPrice",
  total: "unitPrice",
};

const partOf = Object.fromEntries(Object.entries(addressFieldNames).map(([part, name]) => [name, part])) as Record<
  string,
  AddressPart
>;

/**
 * Which form field a store field (named in a refusal) is shown under:
 * `line_2_quantity` → `lines.1.quantity`, `ship_country` → `shipping.country`
 * (or `billing.country` while shipping to the billing address), `coupon`,
 * `custom_id`, `shipping`, `tax`. null: the form shows it at its top.
 */
export function formFieldOf(
  storeField: string,
  { shipToBilling, lineCount }: { shipToBilling: boolean; lineCount: number },
): NewOrderField | null {
  const line = /^line_(\d+)_(\w+)$/.exec(storeField);
  if (line) {
    const index = Number(line[1]) - 1;
    const field = lineFieldOf[line[2]!];
    return field && index >= 0 && index < lineCount ? `lines.${index}.${field}` : null;
  }
  const address = /^(bill|ship)_(\w+)$/.exec(storeField);
  if (address) {
    const part = Object.hasOwn(partOf, address[2]!) ? partOf[address[2]!] : undefined;
    if (!part) return null;
    return address[1] === "bill" || shipToBilling ? `billing.${part}` : `shipping.${part}`;
  }
  switch (storeField) {
    case "coupon":
      return "coupon";
    case "custom_id":
      return "customId";
    case "shipping":
      return "shippingAmount";
    case "tax":
      return "taxAmount";
    case "lines":
    case "line_items":
      return "lines";
    default:
      return null;
  }
}

/**
 * Our sentence for a field the store refused (the store's own words are
 * never shown: docs/contract.md#errors), naming what to change.
 */
export function refusedSentence(field: NewOrderField): string {
  if (field === "coupon")
    return "The store did not accept this coupon code: it may be unknown, expired, inactive or used up.";
  if (field === "customId") return "The store did not accept this custom id.";
  if (field === "shippingAmount") return "The store did not accept this shipping charge.";
  if (field === "taxAmount") return "The store did not accept this tax amount.";
  if (field === "lines") return "The store did not accept these products.";
  if (field.startsWith("lines.")) {
    const part = field.split(".")[2] as LineField;
    if (part === "quantity")
      return "The store did not accept this quantity: there may not be enough in stock. Lower it or choose another option.";
    if (part === "optionKey") return "The store did not accept this option: it may have been removed or sold out.";
    if (part === "extraKeys") return "The store did not accept these extras: one may have been removed.";
    return "The store did not accept this price.";
  }
  const part = field.split(".")[1] as AddressPart;
  if (part === "country")
    return field.startsWith("shipping.") || field === "billing.country"
      ? "The store did not accept this country: it may not ship there. Choose another, or set the shipping charge yourself."
      : "The store did not accept this country.";
  if (part === "email") return "The store did not accept this email. Enter one such as ann@example.com.";
  if (part === "state") return "The store did not accept this state or region.";
  if (part === "postalCode") return "The store did not accept this postal code.";
  return "The store did not accept this value.";
}

/** Every form field in reading order, for focusing the first refused one. */
export function formFieldOrder(lineCount: number): NewOrderField[] {
  const lines: NewOrderField[] = ["lines"];
  for (let i = 0; i < lineCount; i++) {
    lines.push(`lines.${i}.optionKey`, `lines.${i}.extraKeys`, `lines.${i}.quantity`, `lines.${i}.unitPrice`);
  }
  return [
    ...lines,
    ...addressParts.map((p) => `billing.${p}` as const),
    ...addressParts.map((p) => `shipping.${p}` as const),
    "coupon",
    "customId",
    "shippingAmount",
    "taxAmount",
  ];
}

/**
 * The refusal's fields as form fields with our sentences: `placed` in form
 * order, and whether any store field had no place on the form (the form then
 * also shows the refusal at its top).
 */
export function placeRefusal(
  fieldErrors: Record<string, string> | undefined,
  context: { shipToBilling: boolean; lineCount: number },
  { ownWords }: { ownWords: boolean },
): { placed: Partial<Record<NewOrderField, string>>; unplaced: boolean } {
  const placed: Partial<Record<NewOrderField, string>> = {};
  let unplaced = false;
  for (const [storeField, given] of Object.entries(fieldErrors ?? {})) {
    const field = formFieldOf(storeField, context);
    if (!field) {
      unplaced = true;
      continue;
    }
    placed[field] ??= ownWords ? given : refusedSentence(field);
  }
  return { placed, unplaced };
}
