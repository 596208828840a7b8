/**
 * The dashboard's Content-Security-Policy and HSTS, built per request by
 * proxy.ts. Plain: no Next.js, no environment (proxy.ts passes what it knows).
 *
 * Next.js renders inline scripts (the RSC payload, the bootstrap) into every
 * page, so a static `script-src 'self'` would block them and
 * `'unsafe-inline'` would let an injected script run too. Instead each
 * request gets a fresh nonce: Next.js reads it from the policy on the request
 * and puts it on its own scripts, and 'strict-dynamic' lets those
 * scripts load the rest of the bundle. Pages must therefore render per
 * request (the root layout awaits connection()).
 */

export interface PolicyOptions {
  /** Base64, fresh for every request. */
  nonce: string;
  /**
   * The store's address as browsers reach it (STORE_PUBLIC_URL): the sign-in
   * form posts to next-auth, which answers with a redirect to the store's
   * authorization page, and form-action covers the redirect too. Product
   * images are the store's files, shown from the same origin (img-src).
   */
  storePublicUrl: string;
  /** Another origin the store's media files are served from (STORE_MEDIA_URL: a CDN or a bucket), if any. */
  mediaUrl?: string | undefined;
  /** The dashboard is served over HTTPS (NEXTAUTH_URL starts with https://). */
  https: boolean;
  /** `next dev`: React rebuilds server error stacks with eval. */
  dev?: boolean;
}

export function contentSecurityPolicy({ nonce, storePublicUrl, mediaUrl, https, dev = false }: PolicyOptions): string {
  const store = new URL(storePublicUrl).origin;
  const media = mediaUrl ? new URL(mediaUrl).origin : store;
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Styles cannot run code, and the dialogs' scroll lock (Radix, through
    // react-remove-scroll) inserts a <style> element that carries no nonce.
    // With a nonce listed, browsers ignore 'unsafe-inline', so none is listed.
    "style-src 'self' 'unsafe-inline'",
    // Product images and video thumbnails are the store's files, under
    // {base_url}/media/ (docs/contract.md#uploads): shown from its origin.
    `img-src 'self' data: blob: ${store}${media !== store ? ` ${media}` : ""}`,
    "font-src 'self'",
    // Client reads go to our own route handlers; the browser never calls the store.
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${store}`,
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ];
  return directives.join("; ");
}

/** For responses that are not pages (JSON, redirects): nothing may load or frame them. */
export const nonPagePolicy = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Two years, subdomains included: sent only over HTTPS, where it keeps the
 * browser from ever trying plain HTTP (and its cookies) again.
 */
export const strictTransportSecurity = "max-age=63072000; includeSubDomains";

/** A nonce of 128 random bits, base64. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}
