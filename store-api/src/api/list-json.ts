import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * The JSON of a list answer, checked against its schema, as bytes: what
 * `Buffer.from(JSON.stringify(schema.parse(body)))` makes, byte for byte,
 * with each object that the items share under one of `sharedKeys` checked,
 * written and encoded once rather than once per item.
 *
 * A page of products shares a few shipping and tax groups, each one object
 * (products.ts productDetails), and the contract embeds them whole in every
 * product (docs/contract.md#catalogue-and-settings): three quarters of a page's bytes.
 * Checking, writing and encoding those copies was about half of the store's
 * CPU time for a page of 250 (bench:bulk-grid).
 *
 * A schema that is not an array of objects, or a body that is not an array,
 * is done the plain way.
 */
export function listJson(schema: z.ZodType, body: unknown, sharedKeys: readonly string[]): Buffer {
  const element = schema instanceof z.ZodArray ? schema.element : null;
  if (!(element instanceof z.ZodObject) || !Array.isArray(body) || !sharedKeys.length) {
    return Buffer.from(JSON.stringify(schema.parse(body)));
  }
  const shape = element.shape as Record<string, z.ZodType>;
  const keys = Object.keys(shape);
  const shared = new Set(sharedKeys.filter((key) => key in shape));
  // The item's schema without the shared keys, its handling of unknown keys kept (omit's mask type wants literal keys).
  const rest = element.omit(Object.fromEntries([...shared].map((key) => [key, true])) as never);

  /** Each distinct shared object under each key: its index, by identity; and its checked JSON, encoded. */
  const seen = new Map([...shared].map((key) => [key, new Map<object, number>()]));
  const written: Buffer[] = [];
  const items = body.map((item: unknown) => {
    if (!item || typeof item !== "object") return element.parse(item); // throws: an item is an object
    const parsed = rest.parse(item) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      if (!shared.has(key)) {
        out[key] = parsed[key];
        continue;
      }
      const value = (item as Record<string, unknown>)[key];
      if (!value || typeof value !== "object") {
        out[key] = shape[key]!.parse(value);
        continue;
      }
      const known = seen.get(key)!;
      let index = known.get(value);
      if (index === undefined) {
        index = written.length;
        written.push(Buffer.from(JSON.stringify(shape[key]!.parse(value))));
        known.set(value, index);
      }
      out[key] = `${PLACEHOLDER}${index}`;
    }
    // Keys the schema lets through beyond its own (a loose object), after them as the plain check puts them.
    for (const key of Object.keys(parsed)) if (!(key in shape)) out[key] = parsed[key];
    return out;
  });

  const text = JSON.stringify(items);
  const pieces: Buffer[] = [];
  let from = 0;
  for (const match of text.matchAll(placeholders)) {
    pieces.push(Buffer.from(text.slice(from, match.index)), written[Number(match[1])]!);
    from = match.index + match[0].length;
  }
  pieces.push(Buffer.from(text.slice(from)));
  return Buffer.concat(pieces);
}

/**
 * Stands for a shared object in the text until its JSON takes its place: a string no answer can
 * hold by chance (a control character and this process's random nonce). JSON.stringify writes
 * the control character as `\u0001`.
 */
const nonce = randomBytes(12).toString("hex");
const PLACEHOLDER = `\u0001${nonce}:`;
const placeholders = new RegExp(`"\\\\u0001${nonce}:(\\d+)"`, "g");
