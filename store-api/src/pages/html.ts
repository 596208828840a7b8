import type { FastifyReply } from "fastify";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

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

const STYLE = `
:root{color-scheme:light;--ink:#111827;--muted:#4b5563;--line:#d1d5db;--brand:#1d4ed8;--brand-ink:#fff;--bad:#b91c1c;--bg:#f3f4f6}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:var(--bg)}
main{max-width:26rem;margin:3rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:1.5rem}
h1{font-size:1.375rem;margin:0 0 .25rem}
p{margin:.5rem 0}
.muted{color:var(--muted);font-size:.9375rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.625rem .75rem;border:1px solid #6b7280;border-radius:.5rem;font:inherit}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem;flex-wrap:wrap}
button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border-radius:.5rem;border:1px solid var(--brand);background:var(--brand);color:var(--brand-ink);cursor:pointer}
button.secondary{background:#fff;color:var(--ink);border-color:#6b7280}
button.link{background:none;border:none;color:var(--brand);padding:0;text-decoration:underline;font-weight:400}
.alert{border:1px solid var(--bad);color:var(--bad);background:#fef2f2;border-radius:.5rem;padding:.75rem;margin:1rem 0}
.notice{border:1px solid #93c5fd;background:#eff6ff;border-radius:.5rem;padding:.75rem;margin:1rem 0}
ul.scopes{padding-left:1.25rem}
ul.scopes li{margin:.375rem 0}
.store{font-weight:700;color:var(--muted);margin:0 0 1rem;font-size:.875rem;text-transform:uppercase;letter-spacing:.05em}
`;

export function page(opts: { title: string; storeName: string; body: Raw }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)} · ${escapeHtml(opts.storeName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="store">${escapeHtml(opts.storeName)}</p>
<div class="card">
${opts.body.html}
</div>
</main>
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
