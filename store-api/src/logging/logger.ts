import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { StoreConfig } from "../config.js";

// Parameters that carry secrets never reach the logs.
const SECRET_NAMES = new Set([
  "bearer_token",
  "access_token",
  "code",
  "token",
  "client_secret",
  "refresh_token",
  "password",
  "state",
  "code_verifier",
  "id_token",
]);

// A parameter starts after any separator a parser, a proxy or a client might use
// (query, matrix `;`, fragment, a path segment), so `/x;bearer_token=…` and
// `#access_token=…` are found too.
const PARAM = /(^|[?&;#/])([^?&;#/=]*)=/g;

/** A parameter's name as a server could read it: decoded (repeatedly: `%255F`), `+` as space, case folded. */
function normalName(raw: string): string {
  let name = raw.replace(/\+/g, " ");
  for (let i = 0; i < 3 && name.includes("%"); i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A stray % (bearer%5Ftoken%): decode the escapes that are well formed.
      decoded = name.replace(/%[0-9a-f]{2}/gi, (e) => String.fromCharCode(parseInt(e.slice(1), 16)));
    }
    if (decoded === name) break;
    name = decoded;
  }
  // `token[]` as array-style parsers read it.
  return name
    .trim()
    .toLowerCase()
    .replace(/\[[^\]]*\]$/, "");
}

/**
 * The URL with the value of every secret-bearing parameter replaced, wherever it
 * is and however its name is spelled. A value runs to the next `&` (what a query
 * parser reads as one value), so a `;` or `/` inside a secret cannot leave part of it behind.
 */
export function redactUrl(url: string): string {
  let out = "";
  let at = 0;
  PARAM.lastIndex = 0;
  for (let m = PARAM.exec(url); m; m = PARAM.exec(url)) {
    if (m.index < at) continue;
    const valueStart = m.index + m[0].length;
    if (!SECRET_NAMES.has(normalName(m[2] ?? ""))) continue;
    const amp = url.indexOf("&", valueStart);
    const valueEnd = amp < 0 ? url.length : amp;
    out += url.slice(at, valueStart) + "[redacted]";
    at = valueEnd;
    PARAM.lastIndex = valueEnd;
  }
  return out + url.slice(at);
}

/** A caller's request id is kept only when it is short and plain; anything else could forge log lines. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestId(req: Pick<IncomingMessage, "headers">): string {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && PLAIN_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Properties of an error that name what failed without carrying values: codes, and a database's names. */
const ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "statusCode",
  // PostgreSQL (node-postgres and PGlite): where it failed, never `detail`, `where` or the query's parameters.
  "severity",
  "routine",
  "constraint",
  "table",
  "column",
  "schema",
  // nodemailer: the SMTP reply's number and the command it answered, never the reply's text (it may name an address).
  "responseCode",
  "command",
] as const;

/**
 * How errors are logged (every `err` of the store's logger): the class, its
 * codes, and the stack's frames; never the message, nor any other property.
 * A database error's message holds the failed query and its parameters (a
 * customer's addresses and e-mail), a mail error's may name a recipient: the
 * log keeps what locates a fault, and the request id ties it to its request.
 */
export function serializeError(
  err: unknown,
  depth = 0,
): { [key: string]: unknown; type: string; message: string; stack: string } {
  const message = "(not logged: it may carry the request's values)";
  if (!(err instanceof Error)) return { type: err === null ? "null" : typeof err, message, stack: "" };
  const out = { type: err.constructor?.name || err.name || "Error", message, stack: "" } as ReturnType<
    typeof serializeError
  >;
  const fields = err as unknown as Record<string, unknown>;
  for (const name of ERROR_FIELDS) {
    const value = fields[name];
    if (typeof value === "string" || typeof value === "number") out[name] = value;
  }
  // The frames only: the lines before them repeat the message.
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  out.stack = frames.map((line) => line.trim()).join("\n");
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The server's logger and request-id options: only what helps to follow a request. */
export function loggingOptions(
  config: StoreConfig,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, "logger" | "requestIdHeader" | "genReqId"> {
  return {
    logger:
      config.logLevel === "silent"
        ? false
        : {
            level: config.logLevel,
            ...(stream ? { stream } : {}),
            // No headers (tokens, cookies), no bodies, no error messages (they may carry values).
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              res: (res) => ({ statusCode: res.statusCode }),
              err: (err: Error) => serializeError(err),
            },
          },
    // A caller's x-request-id is kept (when plain), so one id follows a request across services.
    requestIdHeader: false,
    genReqId: requestId,
  };
}

/** Every response names its request id, which the logs carry too. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
}
