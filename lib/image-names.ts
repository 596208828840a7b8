/**
 * Images to products by file name (the page /products/images,
 * docs/design.md#images-by-file-name): which product a file's name points
 * at, by the SKU, an option's SKU or the slug it starts with. Pure and
 * browser-safe, so that it is tested alone and runs on the catalogue the
 * page already streamed (components/grid's useCatalogue).
 *
 * The rule: the file's base name (without its extension), without case,
 * must start with the text, and the text must be followed by the end of the
 * name or a separator (`-`, `_`, `.`, a space). The longest such text wins:
 * `APP-TEE-2.jpg` is SKU `APP-TEE-2` before `APP-TEE`, and never `APP-TE`.
 * Two products claiming that longest text make the file a miss, with why.
 *
 * Fast on a big catalogue: every SKU, option SKU and slug goes once into a
 * map by its folded text; a file then looks up only its own prefixes that end
 * at a separator, longest first (a few look-ups per file, whatever the
 * catalogue's size).
 */

export type MatchedBy = "sku" | "option-sku" | "slug";

/** What a product gives the index: the bulk grid's catalogue line, and its options' SKUs when read. */
export interface NamedProduct {
  key: string;
  name: string;
  sku: string;
  slug: string;
  /** The SKUs of its options (their `fetch_sku`, docs/contract.md#catalogue-and-settings). */
  optionSkus?: readonly string[];
}

export interface NameClaim {
  productKey: string;
  by: MatchedBy;
  /** The SKU or slug as the store writes it. */
  text: string;
}

export interface NameIndex {
  claims: Map<string, NameClaim[]>;
  /** The longest folded text in the index: no prefix past it can match. */
  longest: number;
}

export type NameMatch =
  | { kind: "match"; productKey: string; by: MatchedBy; text: string }
  | { kind: "ambiguous"; text: string; claims: NameClaim[] }
  | { kind: "none" };

/** What a name is compared in: Unicode's composed form, lower case, no spaces around. */
export function foldName(text: string): string {
  return text.normalize("NFC").toLowerCase().trim();
}

/** The file's name without its folder or its extension (`shots/APP-TEE-2.jpg` → `APP-TEE-2`). */
export function baseName(fileName: string): string {
  const name = fileName.slice(Math.max(fileName.lastIndexOf("/"), fileName.lastIndexOf("\\")) + 1);
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(0, dot) : name;
}

const separators = new Set(["-", "_", ".", " "]);
export const isSeparator = (char: string) => separators.has(char);

const rank: Record<MatchedBy, number> = { sku: 0, "option-sku": 1, slug: 2 };

/** Every product's SKU, options' SKUs and slug, by folded text. */
export function nameIndex(products: Iterable<NamedProduct>): NameIndex {
  const claims = new Map<string, NameClaim[]>();
  let longest = 0;
  const add = (productKey: string, by: MatchedBy, text: string) => {
    const folded = foldName(text);
    if (!folded) return;
    const list = claims.get(folded);
    if (!list) {
      claims.set(folded, [{ productKey, by, text }]);
      longest = Math.max(longest, folded.length);
      return;
    }
    // One claim per product: its best (SKU, then option SKU, then slug).
    const same = list.findIndex((c) => c.productKey === productKey);
    if (same < 0) list.push({ productKey, by, text });
    else if (rank[by] < rank[list[same]!.by]) list[same] = { productKey, by, text };
  };
  for (const product of products) {
    add(product.key, "sku", product.sku);
    for (const sku of product.optionSkus ?? []) add(product.key, "option-sku", sku);
    add(product.key, "slug", product.slug);
  }
  return { claims, longest };
}

/** The product a file's name starts with (module comment: the rule). */
export function matchFileName(index: NameIndex, fileName: string): NameMatch {
  const name = foldName(baseName(fileName));
  for (let end = Math.min(name.length, index.longest); end > 0; end--) {
    if (end < name.length && !isSeparator(name.charAt(end))) continue;
    const found = index.claims.get(name.slice(0, end));
    if (!found) continue;
    if (found.length === 1) {
      const [claim] = found as [NameClaim];
      return { kind: "match", productKey: claim.productKey, by: claim.by, text: claim.text };
    }
    return { kind: "ambiguous", text: found[0]!.text, claims: [...found] };
  }
  return { kind: "none" };
}

export const matchedByWords: Record<MatchedBy, string> = { sku: "SKU", "option-sku": "option SKU", slug: "slug" };

/** Why a file found no product, in a sentence; `nameOf` names a product by key. */
export function missReason(match: NameMatch, nameOf: (key: string) => string): string {
  if (match.kind === "ambiguous") {
    const who = match.claims.map((c) => `${nameOf(c.productKey)} (${matchedByWords[c.by]})`);
    return `“${match.text}” belongs to ${who.length} products: ${who.join(", ")}. Choose one.`;
  }
  return "No product’s SKU, option SKU or slug starts the name.";
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

/** Names in a person's order: `shot-2` before `shot-10`, case aside; ties by code point, so the order is total. */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
