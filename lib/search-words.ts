/**
 * Matching what a person types against a product's words, the one way the dashboard's searches do it
 * (the products list's search, the new order's picker): case and accents ignored ("creme" finds
 * "Crème"), and each word of the query must start a word of the text ("tee" finds "Organic tee" and
 * "APP-TEE-2", not "Steel"). Pure and browser-safe.
 */
const marks = /\p{M}+/gu;
const separators = /[^\p{L}\p{N}]+/gu;

/** Lower case without accents: "Crème Brûlée" → "creme brulee". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(marks, "").toLowerCase();
}

/** The query's words, folded, split at spaces and punctuation ("LMP-001" → lmp, 001); none for a blank query. */
export function queryWords(query: string): string[] {
  return fold(query).split(separators).filter(Boolean);
}

/** A text prepared for `startsWords`: folded, its words one space apart after a leading space. */
export function wordText(text: string): string {
  const words = fold(text).split(separators).filter(Boolean);
  return words.length ? ` ${words.join(" ")}` : "";
}

/** Whether every word starts a word of one of `texts` (each made by `wordText`). */
export function startsWords(texts: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => texts.some((text) => text.includes(` ${word}`)));
}
