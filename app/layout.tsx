import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Store Admin", template: "%s · Store Admin" },
  description: "Run your online store: orders, products, coupons, shipping, tax and staff.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page renders per request: its scripts carry the nonce of that
  // request's Content-Security-Policy (proxy.ts, lib/security-headers.ts),
  // which a page prerendered at build time could not know.
  await connection();
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
