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
 *   - a size cap (read stops as soon as it is crossed) and a time limit for
 *     the whole exchange.
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

const BLOCKED = new net.BlockList();
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
  BLOCKED.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(address, prefix, "ipv6");
}

/** The IPv4 address inside an IPv6 one that carries it (mapped, compatible, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const parts = hex ?? sixToFour;
  if (!parts) return null;
  const hi = parseInt(parts[1]!, 16);
  const lo = parseInt(parts[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const version = net.isIP(address);
  if (version === 4) return BLOCKED.check(address, "ipv4");
  if (version === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 !== null) return BLOCKED.check(v4, "ipv4");
    return BLOCKED.check(address, "ipv6");
  }
  return true; // not an address at all: refuse
}

export interface FetchPolicy {
  /** Loopback and private targets are allowed (development and tests). */
  allowPrivate: boolean;
  /** Overrides which addresses are refused (tests of the guard itself). */
  isBlocked?: (address: string) => boolean;
}

function blocked(policy: FetchPolicy, address: string): boolean {
  if (policy.isBlocked) return policy.isBlocked(address);
  return !policy.allowPrivate && isPrivateAddress(address);
}

const refusedAddress = (host: string, address: string) =>
  new FetchError(
    `${host} ${host === address ? "is" : `resolves to ${address}, which is`} a loopback, private or reserved address: the store does not fetch from there`,
  );

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
  if (literal !== null && blocked(policy, literal)) throw refusedAddress(literal, literal);
}

/** The socket's DNS lookup: resolves, refuses if any address is blocked, and connects to a checked one. */
function guardedLookup(policy: FetchPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0, hints: options.hints ?? 0 }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const bad = addresses.find((a) => blocked(policy, a.address));
      if (bad) return callback(refusedAddress(hostname, bad.address), "", 4);
      if (addresses.length === 0) return callback(new FetchError(`${hostname} has no address`), "", 4);
      if ((options as { all?: boolean }).all) {
        (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, addresses[0]!.address, addresses[0]!.family);
      }
    });
  };
}

export interface RequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** The whole exchange, redirects included. */
  timeoutMs: number;
  policy: FetchPolicy;
}

/** One request (no redirects), through the guard; resolves with the response head. */
function requestOnce(url: URL, opts: RequestOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  checkLiteralAddress(url, opts.policy);
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method: opts.method ?? "GET",
        headers: { "user-agent": "StoreAdmin-Store/1 (image import)", ...opts.headers },
        lookup: guardedLookup(opts.policy),
        signal,
        // No connection reuse: every request resolves and checks again.
        agent: false,
      },
      resolve,
    );
    req.on("error", (err) => {
      if (err instanceof FetchError) return reject(err);
      if (signal.aborted) return reject(new FetchError(`did not answer within ${opts.timeoutMs / 1000} s`, true));
      const code = (err as NodeJS.ErrnoException).code;
      reject(new FetchError(`could not be reached (${code ?? err.message})`, true));
    });
    req.end(opts.body);
  });
}

/**
 * Requests a URL through the guard, following up to 5 redirects (GET only),
 * each target checked again. The caller reads or discards the response.
 */
export async function guardedRequest(
  raw: string,
  opts: RequestOptions,
  signal: AbortSignal,
): Promise<{ response: http.IncomingMessage; url: URL }> {
  let url = checkUrl(raw);
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(url, opts, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if ((opts.method ?? "GET") !== "GET" || status < 300 || status >= 400 || status === 304 || !location) {
      return { response, url };
    }
    response.resume();
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
 * Content-Length or the bytes received cross it), within the time limit.
 */
export async function downloadToFile(
  raw: string,
  file: string,
  opts: { maxBytes: number; timeoutMs: number; policy: FetchPolicy; signal?: AbortSignal },
): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([controller.signal, opts.signal]) : controller.signal;
  try {
    const { response } = await guardedRequest(raw, { timeoutMs: opts.timeoutMs, policy: opts.policy }, signal);
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchError(`answered HTTP ${status}`, status >= 500 || status === 429);
    }
    const tooLarge = () => new FetchError(`is larger than ${Math.round(opts.maxBytes / 1024 / 1024)} MB`);
    if (Number(response.headers["content-length"]) > opts.maxBytes) {
      response.destroy();
      throw tooLarge();
    }
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
      if (signal.aborted) throw new FetchError(`did not answer within ${opts.timeoutMs / 1000} s`, true);
      throw new FetchError(`broke off while sending (${(err as Error).message})`, true);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** POSTs a JSON body through the guard (no redirects followed); resolves with the status. */
export async function postJson(
  raw: string,
  body: unknown,
  opts: { timeoutMs: number; policy: FetchPolicy; signal?: AbortSignal },
): Promise<number> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([controller.signal, opts.signal]) : controller.signal;
  try {
    const text = JSON.stringify(body);
    const { response } = await guardedRequest(
      raw,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)) },
        body: text,
        timeoutMs: opts.timeoutMs,
        policy: opts.policy,
      },
      signal,
    );
    response.resume();
    return response.statusCode ?? 0;
  } finally {
    clearTimeout(timer);
  }
}
