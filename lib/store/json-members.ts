/**
 * Shrinks a JSON answer before it is decoded and parsed, by replacing every
 * copy of a repeated object member with a smaller one. The contract embeds a
 * product's whole shipping and tax groups in every product
 * (docs/contract.md#catalogue-and-settings): on the bundled store they are three quarters
 * of a page of the catalogue, the same bytes 250 times, and decoding and
 * parsing them was the largest part of the dashboard's work in the bulk
 * grid's stream (bench:bulk-grid).
 *
 * Works on bytes: in UTF-8 no byte of a multi-byte character is ASCII, so
 * quotes, backslashes and braces are found as bytes. A member is found by its
 * compact spelling (`"name":{`, as JSON.stringify writes it); a store that
 * writes spaces there gets its answer back unchanged, which parses to the
 * same values, only slower. Each distinct member is parsed once and replaced
 * by `reduce` of its value wherever the same bytes come again. Anything
 * unexpected (an object that does not end) leaves the rest as it was.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/** The index just past the object that opens at `start` (a `{`), or -1 when it does not end. */
export function objectEnd(bytes: Uint8Array, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN) {
      depth++;
    } else if (byte === CLOSE) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * `bytes` with each `"name":{…}` member (for each of `names`) replaced by
 * `"name":` + the JSON of `reduce(value)`. Returns `bytes` itself when no
 * member was found.
 */
export function reduceRepeatedMembers(
  bytes: Buffer,
  names: readonly string[],
  reduce: (value: unknown) => unknown,
): Buffer {
  const members = names.map((name) => {
    const marker = Buffer.from(`${JSON.stringify(name)}:{`);
    return {
      name,
      marker,
      /** Where the marker comes next, at or after the cursor (-1: no more). */
      next: bytes.indexOf(marker),
      /** The distinct members met so far, and what replaces each. */
      known: [] as { bytes: Buffer; replacement: Buffer }[],
    };
  });
  const pieces: Buffer[] = [];
  let copiedTo = 0;
  for (;;) {
    let first: (typeof members)[number] | null = null;
    for (const m of members) if (m.next >= 0 && (!first || m.next < first.next)) first = m;
    if (!first) break;
    const at = first.next;
    let found = first.known.find(
      (k) =>
        bytes.length - at >= k.bytes.length && bytes.compare(k.bytes, 0, k.bytes.length, at, at + k.bytes.length) === 0,
    );
    if (!found) {
      const open = at + first.marker.length - 1;
      const end = objectEnd(bytes, open);
      if (end < 0) break;
      let value: unknown;
      try {
        value = JSON.parse(bytes.toString("utf8", open, end));
      } catch {
        break;
      }
      found = {
        bytes: Buffer.from(bytes.subarray(at, end)),
        replacement: Buffer.from(`${JSON.stringify(first.name)}:${JSON.stringify(reduce(value))}`),
      };
      first.known.push(found);
    }
    pieces.push(bytes.subarray(copiedTo, at), found.replacement);
    copiedTo = at + found.bytes.length;
    for (const m of members) if (m.next >= 0 && m.next < copiedTo) m.next = bytes.indexOf(m.marker, copiedTo);
  }
  if (!pieces.length) return bytes;
  pieces.push(bytes.subarray(copiedTo));
  return Buffer.concat(pieces);
}
