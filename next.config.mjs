/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm start` builds without the type check (scripts/start.mjs sets STORE_ADMIN_SKIP_TYPECHECK=1): a
  // third of its first start, and `npm run typecheck` (CI) checks the types anyway. So does `npm test`'s e2e
  // build (package.json sets it there), after the type checks of its first step. Every other build
  // (`npm run build`, `npm run test:e2e` on its own, the benches) still checks them.
  typescript: { ignoreBuildErrors: process.env.STORE_ADMIN_SKIP_TYPECHECK === "1" },
  experimental: {
    // Each page's modules load at its first request rather than all at the start: the dashboard answers
    // its first page (the sign-in) a tenth of a second sooner after a restart, and the first visit to each
    // other page pays its own modules' loading once (docs/architecture.md#the-starts-timeline).
    preloadEntriesOnStart: false,
    serverActions: {
      // The bulk grid saves in chunks of at most 256 KiB of JSON (lib/actions/products-bulk.ts).
      // Sent as UTF-8 in React's reply encoding, non-Latin text can take up to three times that:
      // close to Next's default of 1 MB, and a body over the limit fails the call outright
      // (a thrown error, not an ActionResult). 2 MB keeps the headroom; the store takes 10 MB.
      bodySizeLimit: "2mb",
    },
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
