/**
 * The command palette's matching (components/shell/command-palette/,
 * docs/design.md#command-palette), pure so that it is tested without a page
 * and timed by bench/palette.mjs on 10,000 products.
 *
 * A query is split into words; an entry matches when every word is found in
 * its text, without case or accents. Entries are ranked by how well the
 * first word meets them: the whole text, then its start (an SKU's prefix, a
 * name's first word), then a word's start, then anywhere. Ties keep the
 * entries' own order (pages in the navigation's order, products in the
 * catalogue's), so results do not jump about as a person types.
 */

/** Lower case, accents taken off, spaces squeezed: what queries and texts are compared in. */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The query's words, folded; empty when there is nothing to match. */
export function queryWords(query: string): string[] {
  const folded = fold(query);
  return folded ? folded.split(" ") : [];
}

/** How well folded `text` meets `words`: 0 when some word is missing, higher is better. */
export function matchScore(text: string, words: readonly string[]): number {
  if (!words.length) return 0;
  for (const word of words) if (!text.includes(word)) return 0;
  const first = words[0]!;
  const whole = words.join(" ");
  if (text === whole) return 4;
  if (text.startsWith(whole) || text.startsWith(first)) return 3;
  // A word's start: after a space or a separator SKUs and slugs use.
  const at = text.indexOf(first);
  const before = at > 0 ? text.charAt(at - 1) : " ";
  if (" -_/.#(".includes(before)) return 2;
  for (let i = text.indexOf(first, at + 1); i > 0; i = text.indexOf(first, i + 1)) {
    if (" -_/.#(".includes(text.charAt(i - 1))) return 2;
  }
  return 1;
}

/**
 * The best `limit` of `items` for `words`, best first; ties keep the items'
 * order. `texts` gives each item's folded texts (name, SKU, …): the best of
 * them counts. One pass, keeping only the best few: on 10,000 products this
 * costs a few milliseconds, and nothing is sorted but what is kept.
 */
export function bestMatches<T>(
  items: readonly T[],
  words: readonly string[],
  texts: (item: T) => readonly string[],
  limit: number,
): T[] {
  if (!words.length || limit <= 0) return [];
  const kept: { item: T; score: number; index: number }[] = [];
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    let score = 0;
    for (const text of texts(item)) {
      const s = matchScore(text, words);
      if (s > score) score = s;
      if (score === 4) break;
    }
    if (!score) continue;
    if (kept.length === limit && score <= kept[kept.length - 1]!.score) continue;
    // Insert after every kept entry that scores at least as well (ties keep the items' order).
    let at = kept.length;
    while (at > 0 && kept[at - 1]!.score < score) at--;
    kept.splice(at, 0, { item, score, index });
    if (kept.length > limit) kept.pop();
  }
  return kept.map((k) => k.item);
}

/**
 * Folded texts per object, computed once per object (the catalogue keeps
 * its product objects from one load to the next page, so typing never folds
 * 10,000 names again).
 */
export function foldedTexts<T extends object>(pick: (item: T) => readonly (string | null | undefined)[]) {
  const cache = new WeakMap<T, readonly string[]>();
  return (item: T): readonly string[] => {
    let texts = cache.get(item);
    if (!texts) {
      texts = pick(item)
        .filter((t): t is string => typeof t === "string" && t.trim() !== "")
        .map(fold);
      cache.set(item, texts);
    }
    return texts;
  };
}

/** The order number a query names ("1042", "#1042", "order 1042"), or null. */
export function orderNumberIn(query: string): number | null {
  const match = /^\s*(?:order\s*)?#?\s*(\d{1,12})\s*$/i.exec(query);
  if (!match) return null;
  const number = Number(match[1]);
  return Number.isSafeInteger(number) && number > 0 ? number : null;
}

/**
 * Whether a query could be a coupon code the store keeps: one word, no
 * spaces, 3 to 64 characters (docs/contract.md#coupons). Only then does the
 * palette ask the store for the coupon that has it.
 */
export function couldBeCouponCode(query: string): boolean {
  const code = query.trim();
  return code.length >= 3 && code.length <= 64 && !/\s/.test(code);
}
