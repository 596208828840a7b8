import { describe, expect, it, vi } from "vitest";
import { type JsonPath, JsonStreamError, JsonStreamReader, type StreamedArray } from "./json-stream";

vi.mock("server-only", () => ({}));

/** Every way to cut `text` in two, and one character at a time. */
function splits(text: string): string[][] {
  const out = [[text], [...text]];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  return out;
}

function read(chunks: string[], streams: StreamedArray[] = []) {
  const reader = new JsonStreamReader(streams);
  for (const chunk of chunks) reader.write(chunk);
  return reader.end();
}

/** A streamed array that records what it saw, and stands in its parent as {streamed: n}. */
function recorder(path: string[]) {
  const seen: { at: JsonPath; elements: unknown[] }[] = [];
  const stream: StreamedArray = {
    path,
    start: (at) => void seen.push({ at, elements: [] }),
    element: (value) => void seen.at(-1)!.elements.push(value),
    end: () => ({ streamed: seen.at(-1)!.elements.length }),
  };
  return { stream, seen };
}

const TEXTS = [
  "0",
  "-12.5e3",
  "true",
  "null",
  '"a \\" quote, a \\\\ backslash, \\\\\\" both, \\u00e9 \\n [brackets] {braces}"',
  "[]",
  "{}",
  '  [ 1 , "two" , [ 3 , [ ] ] , { "four" : 4 } , true , null ]  ',
  '{"a":{"b":[1,{"c":"]}"}]},"d":"\\\\","e":[]}',
  '{"__proto__":{"x":1},"constructor":2}',
  "\t\n\r [\n1\n]\n",
];

describe("JsonStreamReader", () => {
  it("reads what JSON.parse reads, however the text is cut", () => {
    for (const text of TEXTS) {
      for (const chunks of splits(text)) expect(read(chunks), JSON.stringify(chunks)).toEqual(JSON.parse(text));
    }
  });

  it("hands a streamed array's elements over one by one; the array stands as its end() gave", () => {
    const text = JSON.stringify([
      { id: 1, name: 'x"]}[{', codes: [{ code: "A", active: true }, "B", 3, null, [1, [2]], { code: '\\"]' }] },
      { id: 2, codes: [] },
      { id: 3, extra: { codes: [1] }, codes: "not a list" },
      { id: 4 },
      "a coupon that is not an object",
      { codes: [{ nested: { codes: [9] } }], id: 5 },
    ]);
    const parsed = JSON.parse(text) as Record<string, unknown>[];
    for (const chunks of splits(text)) {
      const codes = recorder(["*", "codes"]);
      const value = read(chunks, [codes.stream]);
      expect(codes.seen).toEqual([
        { at: [0, "codes"], elements: parsed[0]!.codes },
        { at: [1, "codes"], elements: [] },
        { at: [5, "codes"], elements: parsed[5]!.codes },
      ]);
      expect(value).toEqual([
        { ...parsed[0], codes: { streamed: 6 } },
        { id: 2, codes: { streamed: 0 } },
        parsed[2],
        parsed[3],
        parsed[4],
        { codes: { streamed: 1 }, id: 5 },
      ]);
    }
  });

  it("streams the whole text when it is a streamed array, and nested ones inside its elements", () => {
    const text = '[{"id":1,"codes":["a","b"]},{"id":2,"codes":["c"]}]';
    for (const chunks of splits(text)) {
      const coupons: unknown[] = [];
      const codes = recorder(["*", "codes"]);
      const value = read(chunks, [
        { path: [], element: (coupon) => void coupons.push(coupon), end: () => "done" },
        codes.stream,
      ]);
      expect(value).toBe("done");
      expect(coupons).toEqual([
        { id: 1, codes: { streamed: 2 } },
        { id: 2, codes: { streamed: 1 } },
      ]);
    }
  });

  it("refuses what JSON.parse refuses, however the text is cut", () => {
    const bad = [
      "",
      "   ",
      "[1,]",
      "[1 2]",
      "[1,,2]",
      "[01]",
      "['a']",
      "{a:1}",
      '{"a" 1}',
      '{"a":1,}',
      '{"a":1]',
      "[}",
      "[1]]",
      "[1] x",
      '"abc',
      '"a\\"',
      "tru",
      "nul",
      "[",
      '{"a":',
      '[{"codes":[1,]}]',
      '[{"codes":[1}]',
      '[{"codes":[1]]',
      '[{"codes" [1]}]',
    ];
    for (const text of bad) {
      expect(() => JSON.parse(text), text).toThrow();
      for (const chunks of splits(text)) {
        expect(() => read(chunks, [recorder(["*", "codes"]).stream]), JSON.stringify(chunks)).toThrow(JsonStreamError);
      }
    }
  });

  it("holds about one element and one chunk, not the array", () => {
    const element = JSON.stringify({ code: "K7QX-M2PD-9WTR", type: "one_use", active: true, created: 1, modified: 2 });
    const codes = recorder(["*", "codes"]);
    const reader = new JsonStreamReader([codes.stream]);
    const text = `[{"id":1,"codes":[${Array.from({ length: 20_000 }, () => element).join(",")}]}]`;
    let most = 0;
    for (let i = 0; i < text.length; i += 1000) {
      reader.write(text.slice(i, i + 1000));
      most = Math.max(most, reader.held);
    }
    expect(reader.end()).toEqual([{ id: 1, codes: { streamed: 20_000 } }]);
    expect(text.length).toBeGreaterThan(1_500_000);
    expect(most).toBeLessThan(1000 + element.length);
  });

  it("says where the text went wrong: the token, or the start of a value read whole", () => {
    expect(() => read(["[1,", "2 3]"], [recorder([]).stream])).toThrow(/Expected ',' or '\]' at position 5/);
    expect(() => read(["[1,", "2 3]"])).toThrow(/Malformed JSON at position 0/);
  });
});
