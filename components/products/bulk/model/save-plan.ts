import type { BulkProduct, MultiPayload, WireValue } from "../../../../lib/store/products/model-bulk";
import { editsByKey, editsInColumnOrder, type EditsState, originalValue, sameValue } from "../../../grid";
import { columnById, type ColumnId, type GridContext } from "./columns";

/**
 * How a save goes to the store (docs/bulk-editing.md#saving): the edited
 * products in `products_multi` requests. Every product of one request carries
 * the same properties (docs/contract.md#products_multi), so products are
 * grouped by the set of properties they changed, and only those are sent: a
 * concurrent change to another property survives. Each group is cut into
 * chunks within a number of products and a size of the encoded body.
 */

export interface SaveChunk {
  /** In the products' load order. */
  keys: string[];
  /** The properties every product of the chunk carries, in column order. */
  fields: string[];
  payload: MultiPayload;
  /** encodedBytes(payload). */
  bytes: number;
}

export interface SaveLimits {
  maxBytes: number;
  maxProducts: number;
}

const encoder = new TextEncoder();

/** The length of `text` as a form value, URL-encoded (ASCII once encoded: characters are bytes). */
function formEncodedLength(text: string): number {
  return new URLSearchParams({ v: text }).toString().length - 2;
}

/** The UTF-8 bytes of the form body `products=<JSON>` (x-www-form-urlencoded) that carries the payload. */
export function encodedBytes(payload: MultiPayload): number {
  return encoder.encode(new URLSearchParams({ products: JSON.stringify(payload) }).toString()).length;
}

/** Sets an own property, "__proto__" included (a product key is any string). */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

interface Entry {
  key: string;
  properties: Record<string, WireValue>;
  /** Its share of the encoded body: `"key":{…}` encoded. */
  bytes: number;
}

function chunkOf(entries: readonly Entry[], fields: string[]): SaveChunk {
  const payload: MultiPayload = {};
  for (const entry of entries) setOwn(payload, entry.key, entry.properties);
  return { keys: entries.map((e) => e.key), fields, payload, bytes: encodedBytes(payload) };
}

/** `products=`, `{` and `}`, encoded; and the `,` between two products. */
const envelopeBytes = formEncodedLength("{}") + "products=".length;
const commaBytes = formEncodedLength(",");

/**
 * The requests of a save, in a fixed order: groups in the load order of
 * their first product, chunks in load order. Only products with edits and
 * none in error are sent (one cell in error holds its whole product back);
 * edits that change nothing, or that the product no longer takes (quantity
 * once it has options), are left out. A single product larger than
 * `maxBytes` goes alone, and the store may refuse it (413).
 */
export function planSave(
  state: EditsState,
  products: ReadonlyMap<string, BulkProduct>,
  ctx: GridContext,
  limits: SaveLimits,
): SaveChunk[] {
  const byKey = editsByKey(state);
  const groups = new Map<string, { fields: string[]; entries: Entry[] }>();
  for (const product of products.values()) {
    const edits = byKey.get(product.key);
    if (!edits || edits.some((e) => e.error)) continue;
    const properties: Record<string, WireValue> = {};
    const fields: string[] = [];
    for (const edit of editsInColumnOrder(edits)) {
      const def = columnById[edit.column as ColumnId];
      if (sameValue(edit.value, originalValue(product, edit.column)) || def.readOnly?.(product)) continue;
      setOwn(properties, def.field, def.toWire(edit.value, ctx));
      fields.push(def.field);
    }
    if (!fields.length) continue;
    const signature = fields.join(",");
    let group = groups.get(signature);
    if (!group) groups.set(signature, (group = { fields, entries: [] }));
    const bytes = formEncodedLength(`${JSON.stringify(product.key)}:${JSON.stringify(properties)}`);
    group.entries.push({ key: product.key, properties, bytes });
  }

  const maxProducts = Math.max(1, Math.floor(limits.maxProducts));
  const chunks: SaveChunk[] = [];
  for (const { fields, entries } of groups.values()) {
    let current: Entry[] = [];
    let size = envelopeBytes;
    for (const entry of entries) {
      const added = entry.bytes + (current.length ? commaBytes : 0);
      if (current.length && (current.length >= maxProducts || size + added > limits.maxBytes)) {
        chunks.push(chunkOf(current, fields));
        current = [];
        size = envelopeBytes;
      }
      size += entry.bytes + (current.length ? commaBytes : 0);
      current.push(entry);
    }
    if (current.length) chunks.push(chunkOf(current, fields));
  }
  return chunks;
}

/**
 * A chunk the store refused as too large (413), in two halves (the first
 * takes the odd one). A chunk of one product cannot be split: it throws.
 */
export function splitChunk(chunk: SaveChunk): [SaveChunk, SaveChunk] {
  if (chunk.keys.length < 2) throw new Error("A save of one product cannot be split further.");
  const entries: Entry[] = chunk.keys.map((key) => ({ key, properties: chunk.payload[key]!, bytes: 0 }));
  const half = Math.ceil(entries.length / 2);
  return [chunkOf(entries.slice(0, half), [...chunk.fields]), chunkOf(entries.slice(half), [...chunk.fields])];
}
