/**
 * A search's words: lower case, split at spaces and ASCII punctuation ("Sato@Example" → sato, example),
 * as the database splits the words it searches (the orders' customerWords, src/orders/search.ts, and the
 * products' searchVector, src/db/schema/catalogue.ts: `[[:space:][:punct:]]`, which in the database's
 * C locale are ASCII's: a letter such as ø stays inside its word on both sides).
 */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[\s!-/:-@[-`{-~]+/)
    .filter(Boolean);
}
