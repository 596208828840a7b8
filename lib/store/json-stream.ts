import "server-only";

/**
 * A JSON reader for answers too large to hold (a store's coupon list carries
 * every code of every coupon: a million codes is some 90 MB). The text is
 * written to it as it arrives, chunk by chunk, split anywhere; chosen arrays
 * are not kept but handed over element by element, each element parsed on its
 * own, and forgotten. Everything else is read as JSON.parse would read it,
 * with the same refusals: malformed text, or text that ends early, is a
 * JsonStreamError.
 *
 * Only the parts of the text on the way to a streamed array are followed
 * here, token by token; every other value is found whole (its end, by its
 * brackets and strings) and given to JSON.parse, which does the real work.
 */

/** Where a value is: object keys and array indexes, from the top. */
export type JsonPath = readonly (string | number)[];

/** An array to stream, wherever its path matches `path` ("*" matches any key or index). */
export interface StreamedArray {
  /** Its place: e.g. `[]` for the whole text, `["*", "codes"]` for the `codes` of each element of a top-level array. */
  path: readonly string[];
  /** Such an array starts at `at`. */
  start?(at: JsonPath): void;
  /** Each of its elements, in order, parsed. */
  element(value: unknown): void;
  /** It ended: what stands for it in its parent (the whole text's value, for `[]`). */
  end?(): unknown;
}

export class JsonStreamError extends Error {
  override name = "JsonStreamError";
}

const enum State {
  /** A value comes (the top, after a colon, after a comma in an array). */
  Value,
  /** After `[`: a value or `]`. */
  ArrayFirst,
  /** After `{`: a key or `}`. */
  ObjectFirst,
  /** After a comma in an object: a key. */
  Key,
  /** After a key: a colon. */
  Colon,
  /** After a value in a container: a comma or its end; at the top, nothing but white space. */
  AfterValue,
}

const enum Kind {
  Container,
  String,
  Other,
}

interface Frame {
  array: boolean;
  path: JsonPath;
  /** What is kept of it (null for a streamed array). */
  value: unknown[] | Record<string, unknown> | null;
  stream: StreamedArray | null;
  /** Arrays: the next element's index. */
  index: number;
  /** Objects: the key whose value comes. */
  key: string;
  /** Arrays: whether an element may hold a streamed array (else each is read whole, path unasked). */
  followElements: boolean;
}

/** A value (or key) read whole, perhaps over several chunks. */
interface Pending {
  kind: Kind;
  start: number;
  /** Where the scan goes on. */
  scan: number;
  depth: number;
  inString: boolean;
  key: boolean;
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
/** What ends a number, true, false or null. */
const endsOther = (c: number) => c === 44 || c === 93 || c === 125 || isSpace(c);

export class JsonStreamReader {
  #text = "";
  #pos = 0;
  /** Characters dropped from the front of #text (for positions in errors). */
  #dropped = 0;
  #state = State.Value;
  #stack: Frame[] = [];
  #pending: Pending | null = null;
  #done = false;
  #result: unknown = undefined;
  readonly #streams: readonly StreamedArray[];

  constructor(streams: readonly StreamedArray[] = []) {
    this.#streams = streams;
  }

  /** The next chunk of the text. */
  write(chunk: string): void {
    // What was read is dropped: what is kept is at most the value being read, and this chunk.
    const keep = this.#pending ? this.#pending.start : this.#pos;
    if (keep > 0) {
      this.#text = this.#text.slice(keep);
      this.#pos -= keep;
      this.#dropped += keep;
      if (this.#pending) {
        this.#pending.start -= keep;
        this.#pending.scan -= keep;
      }
    }
    this.#text += chunk;
    this.#run(false);
  }

  /** The characters it holds now: the value being read and what is left of the last chunk (tests). */
  get held(): number {
    return this.#text.length - (this.#pending ? this.#pending.start : this.#pos);
  }

  /** The text is over: its value (streamed arrays stand as their `end()` gave). */
  end(): unknown {
    this.#run(true);
    if (!this.#done) throw new JsonStreamError("The JSON text ended early.");
    return this.#result;
  }

  #fail(what: string, at = this.#pos): never {
    throw new JsonStreamError(`${what} at position ${this.#dropped + at}.`);
  }

  #run(final: boolean): void {
    const text = this.#text;
    const length = text.length;
    for (;;) {
      const pending = this.#pending;
      if (pending) {
        let end = scan(text, pending);
        if (end < 0) {
          if (!final || pending.kind !== Kind.Other) break;
          end = length;
        }
        this.#pending = null;
        this.#pos = end;
        const slice = text.slice(pending.start, end);
        let value: unknown;
        try {
          value = JSON.parse(slice);
        } catch {
          this.#fail("Malformed JSON", pending.start);
        }
        if (pending.key) {
          if (typeof value !== "string") this.#fail("Expected a key", pending.start);
          this.#stack[this.#stack.length - 1]!.key = value;
          this.#state = State.Colon;
        } else {
          this.#deliver(value);
        }
        continue;
      }
      let pos = this.#pos;
      while (pos < length && isSpace(text.charCodeAt(pos))) pos++;
      this.#pos = pos;
      if (pos >= length) break;
      const c = text.charCodeAt(pos);
      switch (this.#state) {
        case State.ArrayFirst:
          if (c === 93 /* ] */) {
            this.#pos++;
            this.#close();
            break;
          }
        // fall through: the first element
        case State.Value:
          if (this.#done) this.#fail("Unexpected text after the JSON value");
          this.#startValue(text, pos, c);
          break;
        case State.ObjectFirst:
          if (c === 125 /* } */) {
            this.#pos++;
            this.#close();
            break;
          }
        // fall through: the first key
        case State.Key:
          if (c !== 34 /* " */) this.#fail("Expected a key");
          this.#pending = { kind: Kind.String, start: pos, scan: pos + 1, depth: 0, inString: true, key: true };
          break;
        case State.Colon:
          if (c !== 58 /* : */) this.#fail("Expected ':'");
          this.#pos++;
          this.#state = State.Value;
          break;
        case State.AfterValue: {
          const frame = this.#stack[this.#stack.length - 1];
          if (!frame) this.#fail("Unexpected text after the JSON value");
          this.#pos++;
          if (c === 44 /* , */) this.#state = frame.array ? State.Value : State.Key;
          else if (c === (frame.array ? 93 : 125)) this.#close();
          else this.#fail(`Expected ',' or '${frame.array ? "]" : "}"}'`, pos);
          break;
        }
      }
    }
    if (final && this.#pending) this.#fail("The JSON text ended early");
  }

  /** A value starts at `pos` with `c`: followed token by token when a streamed array may be in it, else read whole. */
  #startValue(text: string, pos: number, c: number): void {
    const parent = this.#stack[this.#stack.length - 1];
    if ((c === 123 /* { */ || c === 91) /* [ */ && (!parent || !parent.array || parent.followElements)) {
      const path: JsonPath = parent ? [...parent.path, parent.array ? parent.index : parent.key] : [];
      const array = c === 91;
      const stream = array ? this.#streamAt(path) : null;
      if (stream || this.#leadsToStream(path)) {
        this.#pos = pos + 1;
        this.#stack.push({
          array,
          path,
          value: stream ? null : array ? [] : {},
          stream,
          index: 0,
          key: "",
          followElements: array && this.#mayHoldStream([...path, 0]),
        });
        this.#state = array ? State.ArrayFirst : State.ObjectFirst;
        stream?.start?.(path);
        return;
      }
    }
    const kind = c === 123 || c === 91 ? Kind.Container : c === 34 ? Kind.String : Kind.Other;
    this.#pending = {
      kind,
      start: pos,
      scan: pos + 1,
      depth: kind === Kind.Container ? 1 : 0,
      inString: kind === Kind.String,
      key: false,
    };
  }

  #streamAt(path: JsonPath): StreamedArray | null {
    return this.#streams.find((s) => s.path.length === path.length && matches(s.path, path)) ?? null;
  }

  /** Whether a streamed array may lie inside the value at `path` (an index stands for any). */
  #leadsToStream(path: JsonPath): boolean {
    return this.#streams.some((s) => s.path.length > path.length && matches(s.path, path));
  }

  /** Whether the value at `path` may be, or hold, a streamed array. */
  #mayHoldStream(path: JsonPath): boolean {
    return this.#streams.some((s) => s.path.length >= path.length && matches(s.path, path));
  }

  #deliver(value: unknown): void {
    const frame = this.#stack[this.#stack.length - 1];
    this.#state = State.AfterValue;
    if (!frame) {
      this.#result = value;
      this.#done = true;
    } else if (frame.array) {
      if (frame.stream) frame.stream.element(value);
      else (frame.value as unknown[]).push(value);
      frame.index++;
    } else {
      setMember(frame.value as Record<string, unknown>, frame.key, value);
    }
  }

  #close(): void {
    const frame = this.#stack.pop()!;
    this.#deliver(frame.stream ? frame.stream.end?.() : frame.value);
  }
}

/** Whether `path` matches the first elements of `pattern`. */
function matches(pattern: readonly string[], path: JsonPath): boolean {
  for (let i = 0; i < path.length; i++) {
    const p = pattern[i];
    if (p !== "*" && p !== path[i]) return false;
  }
  return true;
}

/** As JSON.parse sets a member: "__proto__" too is a key like any other. */
function setMember(object: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__") {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

/** The end of the value `pending` reads (the index after it), or -1 when the text ends first. */
function scan(text: string, pending: Pending): number {
  const length = text.length;
  let i = pending.scan;
  if (pending.kind === Kind.Other) {
    while (i < length && !endsOther(text.charCodeAt(i))) i++;
    pending.scan = i;
    return i < length ? i : -1;
  }
  let { depth, inString } = pending;
  while (i < length) {
    if (inString) {
      const quote = text.indexOf('"', i);
      if (quote < 0) {
        i = length;
        break;
      }
      // A quote after an odd number of backslashes is part of the string.
      let backslashes = 0;
      for (let b = quote - 1; b > pending.start && text.charCodeAt(b) === 92; b--) backslashes++;
      i = quote + 1;
      if (backslashes % 2 === 0) {
        inString = false;
        if (pending.kind === Kind.String) {
          pending.scan = i;
          return i;
        }
      }
      continue;
    }
    const c = text.charCodeAt(i++);
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) depth++;
    else if ((c === 125 || c === 93) && --depth === 0) {
      pending.scan = i;
      return i;
    }
  }
  pending.scan = i;
  pending.depth = depth;
  pending.inString = inString;
  return -1;
}
