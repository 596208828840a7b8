import type { FastifyReply, FastifyRequest } from "fastify";
import type { StoreConfig } from "../config.js";
import { sendPage } from "./html.js";
import { messagePage } from "./oauth-pages.js";

/**
 * The store's forms (sign-in, consent, sign-out, set-password) accept a POST
 * only from the store's own pages, beside their CSRF token
 * (docs/contract.md#oauth). A browser tells where a form came from: it sends
 * Origin with every form POST (it is "null" from a sandboxed frame or a page
 * with a no-referrer policy, which is why the pages send Referrer-Policy
 * same-origin). The source must be one of:
 *
 * - the origin of the store's public URL (config.publicUrl: what people are
 *   sent to);
 * - the origin the request itself reached, as the server sees it (Host and
 *   scheme, from X-Forwarded-Host/-Proto only when the proxy is trusted): a
 *   store opened at 127.0.0.1 while its public URL says localhost still works.
 *   A cross-site page cannot use this: the browser sets Host to the store and
 *   Origin to the attacker's page, so they differ; a host that rebinds its own
 *   name to the store gets that name's cookies, not the store's session.
 *
 * Without Origin the Referer's origin is judged the same way. With neither
 * (no current browser posts a form like that; scripts are not clients of these
 * pages) or with "null", the POST is refused: failing closed costs nothing.
 */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origin of an http(s) URL, or undefined ("null", garbage, another scheme). */
function httpOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Where the browser says the form came from: Origin, or without it the Referer's origin. */
export function formSource(request: FastifyRequest): string | undefined {
  const { origin, referer } = request.headers;
  return origin !== undefined ? httpOrigin(origin) : httpOrigin(referer);
}

/** The origins that count as the store's own for this request. */
export function storeOrigins(config: Pick<StoreConfig, "publicUrl">, request: FastifyRequest): string[] {
  const own = request.host ? httpOrigin(`${request.protocol}://${request.host}`) : undefined;
  return [httpOrigin(config.publicUrl), own].filter((o): o is string => o !== undefined);
}

/**
 * An onRequest hook for the pages scope: refuses a state-changing request
 * from anywhere but the store's own pages with a 403 page, before its body is
 * read or anything runs.
 */
export function sameOriginForms(config: Pick<StoreConfig, "publicUrl" | "storeName">) {
  return async function sameOriginForm(request: FastifyRequest, reply: FastifyReply) {
    // A method the route does not take (api/routes.ts answers it 405 with Allow) changes nothing either.
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.methodNotAllowed) return;
    const source = formSource(request);
    // config is read per request: publicUrl may be settled after the app is built (a port picked at listen).
    if (source !== undefined && storeOrigins(config, request).includes(source)) return;
    request.log.info(
      { event: "cross_origin_form_refused", source: source ?? null },
      "form from another origin refused",
    );
    const message = "This form did not come from the store's own page, so the store ignored it.";
    const detail = "Open the store's page again and submit the form from there.";
    return sendPage(reply, 403, messagePage({ storeName: config.storeName, title: "Form refused", message, detail }));
  };
}
