import type { Metadata, Viewport } from "next";
import { cookies } from "next/headers";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { parseTheme, themeCookie } from "@/components/ui/theme";
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
  // The chosen colour scheme (components/ui/theme-switch.tsx); "system" lets
  // the browser's preference decide in CSS, so no script runs before paint.
  const theme = parseTheme((await cookies()).get(themeCookie)?.value);
  return (
    <html lang="en" data-theme={theme}>
      <body>{children}</body>
    </html>
  );
}
