import type { FastifyReply } from "fastify";
import { escapeHtml } from "../text/escape-html.js";
import { LOGO_MARK, LOGO_VIEWBOX, STORE_CSS } from "./style.generated.js";

/** A tagged template whose interpolations are escaped unless wrapped in `raw()`. */
export class Raw {
  constructor(readonly html: string) {}
}
export const raw = (html: string) => new Raw(html);

export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? "";
  values.forEach((v, i) => {
    const part = Array.isArray(v)
      ? v.map((x) => (x instanceof Raw ? x.html : escapeHtml(x))).join("")
      : v instanceof Raw
        ? v.html
        : v == null || v === false
          ? ""
          : escapeHtml(v);
    out += part + (strings[i + 1] ?? "");
  });
  return new Raw(out);
}

/** The page around every store page: the store's logo and name above one card (style.generated.ts). */
export function page(opts: { title: string; storeName: string; body: Raw }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(opts.title)} · ${escapeHtml(opts.storeName)}</title>
<style>${STORE_CSS}</style>
</head>
<body>
<div class="shell">
<header class="brand">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="${LOGO_VIEWBOX}" aria-hidden="true" focusable="false">${LOGO_MARK}</svg>
<span class="brand-name">${escapeHtml(opts.storeName)}</span>
</header>
<main class="card">
${opts.body.html}
</main>
</div>
</body>
</html>`;
}

/**
 * The headers of every response of the HTML pages (pages/plugin.ts): out of
 * caches and frames (clickjacking on the consent page, RFC 6749 §10.13), no
 * script at all, no referrer to other sites. Same-origin rather than
 * no-referrer: under no-referrer a browser sends "Origin: null" with the
 * store's own form posts, and pages/origin.ts refuses that.
 */
export const PAGE_HEADERS = {
  "cache-control": "no-store",
  pragma: "no-cache",
  "x-frame-options": "DENY",
  "content-security-policy":
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
} as const;

/** Sends a server-rendered page (the pages scope adds PAGE_HEADERS). */
export function sendPage(reply: FastifyReply, status: number, document: string) {
  return reply.status(status).header("content-type", "text/html; charset=utf-8").send(document);
}
