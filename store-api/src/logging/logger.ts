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
            // No headers (tokens, cookies), no bodies.
            serializers: {
              req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
              res: (res) => ({ statusCode: res.statusCode }),
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
