/**
 * Where in a JSON list field (a shipping group's `options`, a tax group's
 * `rules`) a store's refusal points. The contract's errors name the field
 * only (`{"fields": {"rules": "…"}}`: docs/contract.md#errors); a store that
 * says which item, as the bundled one does ("rule 2: region must be …",
 * "option 1: price_range_rates, range 3: range_max must be …", "rule 2 names
 * the id 7, …"), lets the dashboard put its own sentence beside that item.
 * The store's words are read for the place only and never shown. Anything
 * else: null, and the refusal stays on the whole list.
 */

export interface ItemLocation {
  /** Zero-based index of the item in the list that was sent. */
  index: number;
  /** Inside the item: field names and zero-based indexes ("price_range_rates", 2, "range_max"). */
  path: (string | number)[];
  /** The rest of the store's sentence, to tell kinds of refusal apart (never shown). */
  rest: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `text` is what the store said (the error's `detail`: its description and
 * its `fields` as "field: sentence", joined by "; "); `field` the list field,
 * `noun` what the store calls one item ("option", "rule").
 */
export function locateItem(text: string | undefined, field: string, noun: string): ItemLocation | null {
  if (!text) return null;
  const at = new RegExp(`(?:^|[;\\s])${escape(field)}:\\s+${escape(noun)} (\\d+)\\b([^;]*)`, "i").exec(text);
  if (!at) return null;
  const index = Number(at[1]) - 1;
  if (!Number.isSafeInteger(index) || index < 0) return null;
  let rest = at[2] ?? "";
  const path: (string | number)[] = [];
  if (rest.startsWith(":")) {
    const segments = rest.slice(1).trim().split(/:\s+/);
    let i = 0;
    // The places first ("price_range_rates, range 3"), then the sentence.
    for (; i < segments.length - 1; i++) {
      const segment = segments[i]!.trim();
      const nested = /^([a-z_]+),\s+[a-z]+ (\d+)$/i.exec(segment);
      if (nested) path.push(nested[1]!, Number(nested[2]) - 1);
      else if (/^[a-z_]+$/i.test(segment)) path.push(segment);
      else break;
    }
    const sentence = segments.slice(i).join(": ");
    // The sentence may start with the field it is about ("range_max must be …").
    const leaf = /^([a-z][a-z_]*)\s+(.*)$/s.exec(sentence);
    if (leaf && (leaf[1]!.includes("_") || /^(name|country|region|rate|id|allowed)$/.test(leaf[1]!))) {
      path.push(leaf[1]!);
      rest = leaf[2]!;
    } else rest = sentence;
  }
  return { index, path, rest: rest.trim() };
}
