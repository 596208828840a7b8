import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Every address no page claims: renders ../not-found.tsx inside the
 * dashboard's layout, so a signed-in user keeps the shell. (Signed out,
 * proxy.ts sends them to sign in first.)
 */
export default function MissingPage(): never {
  notFound();
}
