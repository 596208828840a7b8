import dns from "node:dns";
import { once } from "node:events";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";

/**
 * Outgoing HTTP for image imports and upload callbacks, guarded against
 * server-side request forgery (docs/contract.md#uploads):
 *   - only http: and https: URLs, without credentials;
 *   - the host is resolved and every address it resolves to is checked, and
 *     the connection goes to the address that was checked (the check runs as
 *     the socket's DNS lookup, so a name cannot resolve differently between
 *     the check and the connection); an IP literal is checked as written;
 *   - loopback, private, link-local, shared, multicast and reserved
 *     addresses are refused unless private fetches are allowed (development
 *     and tests only, STORE_API_ALLOW_PRIVATE_FETCHES);
 *   - redirects (at most 5) are followed by hand and each target checked again;
 *   - a refusal names the host as given, never an address it resolved to;
 *   - a size cap (read stops as soon as it is crossed) and a time limit for
 *     the whole exchange (headers to last byte, redirects included); when it
 *     ends, every response of it is closed with its socket, read or not;
 *   - optionally, a limit on the exchanges with one origin at once (the
 *     image jobs' slots: one slow host cannot take every worker).
 */

/** A refusal or failure of an outgoing request, with a sentence for the callback's `error`. */
export class FetchError extends Error {
  override name = "FetchError";
  constructor(
    message: string,
    /** Worth trying again later (a network error, a timeout, a 5xx), rather than a fixed refusal. */
    readonly transient = false,
  ) {
    super(message);
  }
}

const BLOCKED_V4 = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata at 169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED_V4.addSubnet(address, prefix, "ipv4");
}

/** IPv6 ranges refused whole, as [first groups, prefix length]. */
const BLOCKED_V6: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0], 96], // IPv4-compatible (::/96): the unspecified ::, the loopback ::1, ::127.0.0.1
  [[0, 0, 0, 0, 0, 0xffff], 96], // IPv4-mapped (::ffff:0:0/96): a public host is reached by its IPv4 address
  [[0, 0, 0, 0, 0xffff, 0], 96], // IPv4-translated (::ffff:0:0:0/96)
  [[0x64, 0xff9b, 1], 48], // local-use NAT64
  [[0x100, 0, 0, 0], 64], // discard
  [[0x2001, 0], 23], // IETF protocol assignments, Teredo (2001::/32, a client address hidden inside) among them
  [[0x2001, 0xdb8], 32], // documentation
  [[0x3fff, 0], 20], // documentation
  [[0x5f00], 16], // segment routing
  [[0xfc00], 7], // unique local
  [[0xfe80], 10], // link-local
  [[0xfec0], 10], // site-local (deprecated)
  [[0xff00], 8], // multicast
];

/** The eight 16-bit groups of an IPv6 address (any spelling: `::`, a dotted IPv4 tail, a zone), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, "");
  if (net.isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  const groups = [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

function inPrefix(groups: number[], [first, bits]: [number[], number]): boolean {
  for (let i = 0; i * 16 < bits; i++) {
    const width = Math.min(16, bits - i * 16);
    const mask = (0xffff << (16 - width)) & 0xffff;
    if (((groups[i] ?? 0) & mask) !== ((first[i] ?? 0) & mask)) return false;
  }
  return true;
}

const dottedQuad = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * Whether an IP address is loopback, private, link-local or otherwise not on
 * the public internet. An IPv6 address that carries an IPv4 one the network
 * may route to (NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by that IPv4
 * address; the ranges of BLOCKED_V6 are refused whole.
 */
export function isPrivateAddress(address: string): boolean {
  if (net.isIP(address) === 4) return BLOCKED_V4.check(address, "ipv4");
  const groups = ipv6Groups(address);
  if (!groups) return true; // not an address at all: refuse
  if (BLOCKED_V6.some((range) => inPrefix(groups, range))) return true;
  if (inPrefix(groups, [[0x64, 0xff9b, 0, 0, 0, 0], 96])) {
    return BLOCKED_V4.check(dottedQuad(groups[6]!, groups[7]!), "ipv4");
  }
  if (groups[0] === 0x2002) return BLOCKED_V4.check(dottedQuad(groups[1]!, groups[2]!), "ipv4");
  return false;
}

export interface FetchPolicy {
  /** Loopback and private targets are allowed (development and tests). */
  allowPrivate: boolean;
  /** Overrides which addresses are refused (tests of the guard itself). */
  isBlocked?: (address: string) => boolean;
  /** Stands in for DNS (tests of the guard itself): every address a name resolves to. */
  resolve?: (hostname: string) => Promise<dns.LookupAddress[]>;
}

function blocked(policy: FetchPolicy, address: string): boolean {
  if (policy.isBlocked) return policy.isBlocked(address);
  return !policy.allowPrivate && isPrivateAddress(address);
}

/**
 * The refusal names the host as the client wrote it, never an address it
 * resolved to: the message reaches the client (a 422, the callback's `error`),
 * which must not learn what the store's network resolves names to.
 */
export class AddressRefused extends FetchError {
  override name = "AddressRefused";
  constructor(
    host: string,
    /** The refused address, for the store's log only. */
    readonly address: string,
  ) {
    super(`${host} refused: not a public address`);
  }
}

/** A URL the store may request at all (scheme, no credentials), or a FetchError saying why not. */
export function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError("is not a valid URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchError("must be an http:// or https:// URL");
  if (url.username || url.password) throw new FetchError("must not carry a user name or password");
  return url;
}

/** The host of a URL as an IP literal, or null when it is a name. */
function ipLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return net.isIP(host) ? host : null;
}

/** Refuses a URL whose host is an IP literal the policy blocks (no lookup needed). */
export function checkLiteralAddress(url: URL, policy: FetchPolicy): void {
  const literal = ipLiteral(url);
  if (literal !== null && blocked(policy, literal)) throw new AddressRefused(literal, literal);
}

const systemResolve = (hostname: string, family: dns.LookupAllOptions["family"], hints: number) =>
  new Promise<dns.LookupAddress[]>((resolve, reject) =>
    dns.lookup(hostname, { all: true, family, hints }, (err, addresses) => (err ? reject(err) : resolve(addresses))),
  );

/** The socket's DNS lookup: resolves, refuses if any address is blocked, and connects to a checked one. */
function guardedLookup(policy: FetchPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    const resolving = policy.resolve
      ? policy.resolve(hostname)
      : systemResolve(hostname, options.family ?? 0, options.hints ?? 0);
    resolving.then(
      (addresses) => {
        const bad = addresses.find((a) => blocked(policy, a.address));
        if (bad) return callback(new AddressRefused(hostname, bad.address), "", 4);
        if (addresses.length === 0) return callback(new FetchError(`${hostname} has no address`), "", 4);
        if ((options as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 4),
    );
  };
}

/**
 * Limits the exchanges with one origin at once (the image jobs give each
 * origin a few, so that one slow host cannot take every worker): a slot, or
 * null when the origin is at its limit.
 */
export interface OriginSlots {
  tryAcquire(origin: string): (() => void) | null;
}

/** The origin of one of the exchange's requests (a redirect's target included) is at its limit: try later. */
export class OriginBusy extends Error {
  override name = "OriginBusy";
  constructor(readonly origin: string) {
    super(`${origin} is busy with other downloads`);
  }
}

/**
 * One outgoing exchange, redirects included, from the first byte sent to the
 * last received: its time limit, and everything it holds. When it ends
 * (finished, failed or timed out), every request it made is destroyed with
 * its socket, whether or not its body was read, and its origin slots freed:
 * an answer nobody reads must not keep a socket open or pour data in.
 */
class Exchange {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly requests = new Map<http.ClientRequest, () => void>();

  constructor(
    readonly timeoutMs: number,
    outer: AbortSignal | undefined,
  ) {
    this.timer = setTimeout(() => this.controller.abort(), timeoutMs);
    this.signal = outer ? AbortSignal.any([this.controller.signal, outer]) : this.controller.signal;
  }

  get timedOut(): FetchError {
    return new FetchError(`did not finish within ${this.timeoutMs / 1000} s`, true);
  }

  /** A request of this exchange, and the origin slot it holds (freed when it is closed). */
  track(req: http.ClientRequest, release: () => void): void {
    this.requests.set(req, release);
  }

  /** Closes a request and its socket, its answer read or not, and frees its slot. */
  close(req: http.ClientRequest): void {
    req.destroy();
    this.requests.get(req)?.();
    this.requests.delete(req);
  }

  end(): void {
    clearTimeout(this.timer);
    for (const req of [...this.requests.keys()]) this.close(req);
  }
}

async function withExchange<T>(
  timeoutMs: number,
  outer: AbortSignal | undefined,
  run: (exchange: Exchange) => Promise<T>,
): Promise<T> {
  const exchange = new Exchange(timeoutMs, outer);
  try {
    return await run(exchange);
  } finally {
    exchange.end();
  }
}

interface RequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  policy: FetchPolicy;
  /** When given, each request takes a slot of its origin for as long as it is open. */
  origins?: OriginSlots;
}

/** One request (no redirects), through the guard; resolves with the response head. */
function requestOnce(
  url: URL,
  opts: RequestOptions,
  exchange: Exchange,
): Promise<{ req: http.ClientRequest; response: http.IncomingMessage }> {
  checkLiteralAddress(url, opts.policy);
  const release = opts.origins ? opts.origins.tryAcquire(url.origin) : () => {};
  if (!release) throw new OriginBusy(url.origin);
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let req: http.ClientRequest;
    try {
      req = mod.request(url, {
        method: opts.method ?? "GET",
        headers: { "user-agent": "StoreAdmin-Store/1 (image import)", ...opts.headers },
        lookup: guardedLookup(opts.policy),
        signal: exchange.signal,
        // No connection reuse: every request resolves and checks again, and its socket closes with it.
        agent: false,
      });
    } catch (err) {
      release();
      throw err;
    }
    exchange.track(req, release);
    req.on("response", (response) => resolve({ req, response }));
    req.on("error", (err) => {
      if (err instanceof FetchError) return reject(err);
      if (exchange.signal.aborted) return reject(exchange.timedOut);
      reject(unreachable(err as NodeJS.ErrnoException));
    });
    req.end(opts.body);
  });
}

/** What a network error means, in words a person can act on (the code stays, for whoever looks it up). */
const NETWORK_WORDS: Record<string, string> = {
  ENOTFOUND: "its host name does not exist",
  EAI_AGAIN: "its host name could not be looked up just now",
  ECONNREFUSED: "its server refused the connection",
  ECONNRESET: "its server cut the connection",
  ETIMEDOUT: "its server did not answer",
  EHOSTUNREACH: "there is no route to its server",
  ENETUNREACH: "there is no route to its server",
};

/**
 * A request that never got an answer. Worth another try, except a host name
 * that does not exist (the name server said so: NXDOMAIN), which fails at once.
 */
function unreachable(err: NodeJS.ErrnoException): FetchError {
  const code = err.code;
  const words = code ? NETWORK_WORDS[code] : undefined;
  const message = words ? `could not be reached: ${words} (${code})` : `could not be reached (${code ?? err.message})`;
  return new FetchError(message, code !== "ENOTFOUND");
}

/**
 * Requests a URL through the guard, following up to 5 redirects (GET only),
 * each target checked again; a redirect's body is closed unread. The response
 * is the caller's to read within the exchange, which closes it at its end.
 */
async function guardedRequest(raw: string, opts: RequestOptions, exchange: Exchange): Promise<http.IncomingMessage> {
  let url = checkUrl(raw);
  for (let hop = 0; ; hop++) {
    const { req, response } = await requestOnce(url, opts, exchange);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if ((opts.method ?? "GET") !== "GET" || status < 300 || status >= 400 || status === 304 || !location) {
      return response;
    }
    exchange.close(req);
    if (hop === 5) throw new FetchError("redirects more than 5 times");
    let next: URL;
    try {
      next = checkUrl(new URL(location, url).toString());
    } catch (err) {
      throw new FetchError(`redirects to a URL that ${(err as Error).message}`);
    }
    url = next;
  }
}

/**
 * Downloads a URL into `file`, at most `maxBytes` (refused as soon as a
 * Content-Length or the bytes received cross it), within the time limit
 * (headers to last byte, redirects included).
 */
export async function downloadToFile(
  raw: string,
  file: string,
  opts: { maxBytes: number; timeoutMs: number; policy: FetchPolicy; signal?: AbortSignal; origins?: OriginSlots },
): Promise<void> {
  await withExchange(opts.timeoutMs, opts.signal, async (exchange) => {
    const { signal } = exchange;
    const response = await guardedRequest(raw, { policy: opts.policy, origins: opts.origins }, exchange);
    const status = response.statusCode ?? 0;
    // The body of a refusal is not read: the exchange's end closes it.
    if (status < 200 || status >= 300) throw new FetchError(`answered HTTP ${status}`, status >= 500 || status === 429);
    const tooLarge = () => new FetchError(`is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
    if (Number(response.headers["content-length"]) > opts.maxBytes) throw tooLarge();
    let received = 0;
    const cap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > opts.maxBytes) done(tooLarge());
        else done(null, chunk);
      },
    });
    const out = fs.createWriteStream(file);
    try {
      await pipeline(response, cap, out, { signal });
    } catch (err) {
      // The file may still be opening when the pipeline fails: the caller's removal must come after.
      if (!out.closed) await once(out, "close").catch(() => undefined);
      if (err instanceof FetchError) throw err;
      if (signal.aborted) throw exchange.timedOut;
      throw new FetchError(`broke off while sending (${(err as Error).message})`, true);
    }
  });
}

/**
 * POSTs a JSON body through the guard (no redirects followed), within the
 * time limit; resolves with the status. The answer's body is not read: it is
 * closed as soon as its head has come.
 */
export async function postJson(
  raw: string,
  body: unknown,
  opts: { timeoutMs: number; policy: FetchPolicy; signal?: AbortSignal; origins?: OriginSlots },
): Promise<number> {
  return withExchange(opts.timeoutMs, opts.signal, async (exchange) => {
    const text = JSON.stringify(body);
    const response = await guardedRequest(
      raw,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) },
        body: text,
        policy: opts.policy,
        origins: opts.origins,
      },
      exchange,
    );
    return response.statusCode ?? 0;
  });
}
