import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { nonPagePolicy } from "./security-headers";
import type { ImageImport } from "./store/products/model-media";

/**
 * The "Add images by URL" requests under way, kept on the dashboard's server
 * for the session that sent them, and the store's report on each
 * (docs/architecture.md#image-imports).
 *
 * The store fetches the images in the background and POSTs one report per
 * request to `callback_options.url` once every image is done
 * (docs/contract.md#uploads). That URL is ours: /api/import-callback/<token>,
 * where the token is 32 random bytes made for this one request. The store
 * has no session of ours, so the token is the only credential: only its
 * SHA-256 is kept, it is taken once (a second report is refused), and it
 * expires with the import. The browser never sees it; it reads the imports
 * of its own session (by the SHA-256 of its access token) and product.
 *
 * Kept in this process's memory (on globalThis: Next.js may load this module
 * once per route bundle), bounded in number and time: one dashboard process
 * (as `npm start` runs it) keeps an import's status across reloads; a restart
 * forgets it, and the page then shows what the product's images show.
 */

export interface ImportRecord {
  id: string;
  /** SHA-256 of the session's access token. */
  owner: string;
  productKey: string;
  sources: string[];
  ids: string[];
  callback: boolean;
  startedAt: number;
  /** SHA-256 of the callback token while it may still be used. */
  tokenHash: string | null;
  report: { errors: Record<string, string> } | null;
}

/** How long an import is kept (the store's callback comes within minutes: three tries, then five for the callback). */
export const importLifetimeMs = 60 * 60_000;
/** At most this many imports in all, and per session; the oldest go first. */
const maxImports = 2000;
const maxPerOwner = 50;

interface Registry {
  imports: Map<string, ImportRecord>;
  byToken: Map<string, string>;
}

const registryKey = Symbol.for("store-admin.image-imports");

function registry(): Registry {
  const holder = globalThis as { [registryKey]?: Registry };
  holder[registryKey] ??= { imports: new Map(), byToken: new Map() };
  return holder[registryKey];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The key of a session's imports: its access token's hash (the token itself is never kept). */
export const sessionOwner = (accessToken: string) => sha256(`image-imports:${accessToken}`);

function forget(reg: Registry, record: ImportRecord) {
  reg.imports.delete(record.id);
  if (record.tokenHash) reg.byToken.delete(record.tokenHash);
}

function prune(reg: Registry, now: number) {
  for (const record of reg.imports.values()) {
    if (now - record.startedAt > importLifetimeMs) forget(reg, record);
  }
  // Insertion order is age order.
  for (const record of reg.imports.values()) {
    if (reg.imports.size <= maxImports) break;
    forget(reg, record);
  }
}

/**
 * A new import, before it is sent (the report may come before the store's
 * answer has reached us): its id, and the callback token for its URL.
 */
export function beginImport(
  owner: string,
  productKey: string,
  now = Date.now(),
): { record: ImportRecord; token: string } {
  const reg = registry();
  prune(reg, now);
  const mine = [...reg.imports.values()].filter((r) => r.owner === owner);
  for (const old of mine.slice(0, Math.max(0, mine.length - maxPerOwner + 1))) forget(reg, old);
  const token = randomBytes(32).toString("base64url");
  const record: ImportRecord = {
    id: randomBytes(12).toString("hex"),
    owner,
    productKey,
    sources: [],
    ids: [],
    callback: false,
    startedAt: now,
    tokenHash: sha256(token),
    report: null,
  };
  reg.imports.set(record.id, record);
  reg.byToken.set(record.tokenHash!, record.id);
  return { record, token };
}

/** The store took the request: what was sent, the keys it promised, and whether it will call back. */
export function importSent(record: ImportRecord, sent: { sources: string[]; ids: string[]; callback: boolean }) {
  record.sources = sent.sources;
  record.ids = sent.ids;
  record.callback = sent.callback;
  if (!sent.callback && record.tokenHash) {
    registry().byToken.delete(record.tokenHash);
    record.tokenHash = null;
  }
}

/** The request failed: nothing was started. */
export function abandonImport(record: ImportRecord) {
  forget(registry(), record);
}

/** The import a callback token names while it may still report, or none (unknown, used, expired). */
function pendingImport(reg: Registry, hash: string): ImportRecord | undefined {
  const id = reg.byToken.get(hash);
  const record = id ? reg.imports.get(id) : undefined;
  return record && record.tokenHash === hash ? record : undefined;
}

/**
 * Whether a callback token names an import that may still report, asked before
 * its body is read: a made-up token costs no read (the route is open to anyone).
 */
export function awaitsReport(token: string, now = Date.now()): boolean {
  const reg = registry();
  prune(reg, now);
  return pendingImport(reg, sha256(token)) !== undefined;
}

/**
 * The store's report for the import its token names: taken once. False when
 * the token is unknown, used or expired (nothing is kept then).
 */
export function receiveReport(token: string, report: { errors: Record<string, string> }, now = Date.now()): boolean {
  const reg = registry();
  prune(reg, now);
  const hash = sha256(token);
  const record = pendingImport(reg, hash);
  if (!record) return false;
  reg.byToken.delete(hash);
  record.tokenHash = null;
  record.report = report;
  return true;
}

/** A session's imports of one product, oldest first, as the browser reads them. */
export function importsOf(owner: string, productKey: string, now = Date.now()): ImageImport[] {
  const reg = registry();
  prune(reg, now);
  return [...reg.imports.values()]
    .filter((r) => r.owner === owner && r.productKey === productKey && r.ids.length > 0)
    .map((r) => ({
      id: r.id,
      sources: r.sources,
      ids: r.ids,
      callback: r.callback,
      report: r.report,
      elapsedMs: Math.max(0, now - r.startedAt),
    }));
}

/** The person dismissed it: it is not shown again. */
export function dismissImport(owner: string, id: string): void {
  const reg = registry();
  const record = reg.imports.get(id);
  if (record && record.owner === owner) forget(reg, record);
}

/** The longest report body taken (a report names at most a few dozen images). */
export const maxReportBytes = 256 * 1024;

/**
 * The store's report (`{"success": [Image, …], "error": {"<img_key>": "message"}}`,
 * docs/contract.md#uploads) as kept: the reasons by img_key, each a line of
 * plain text of at most 500 characters (it is shown as the store's reason, as
 * text). Null when it is not such a body.
 */
export function readReport(body: unknown): { errors: Record<string, string> } | null {
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const raw = (body as Record<string, unknown>).error ?? {};
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return null;
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(raw).slice(0, 500)) {
    if (typeof message !== "string" || !key || key.length > 200) continue;
    const text = message.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
    errors[key] = text.length > 500 ? `${text.slice(0, 499)}…` : text || "failed";
  }
  return { errors };
}

/**
 * The callback route (app/api/import-callback/[token]/route.ts): 204 when the
 * report of a pending import was taken; 404, saying nothing more, for a token
 * that is not one (unknown, used, expired); 413 past the size cap; 400 for a
 * body that is not a report (the token stays usable: the store tries again).
 */
export async function handleImportReport(request: Request, token: string): Promise<Response> {
  if (request.method !== "POST") return answer(405);
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return answer(404);
  // Before a byte of the body: anyone may post here, and only a pending import's token is worth a read.
  if (!awaitsReport(token)) {
    await request.body?.cancel().catch(() => {});
    return answer(404);
  }
  const text = await readCapped(request, maxReportBytes);
  if (text === null) return answer(413);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return answer(400);
  }
  const report = readReport(body);
  if (!report) return answer(400);
  return answer(receiveReport(token, report) ? 204 : 404);
}

function answer(status: number): Response {
  return new Response(null, {
    status,
    headers: { "Cache-Control": "no-store", "Content-Security-Policy": nonPagePolicy },
  });
}

/** The body as text, or null once it is longer than `max` bytes (read no further). */
async function readCapped(request: Request, max: number): Promise<string | null> {
  if (Number(request.headers.get("content-length")) > max) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
