import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Signed out" };

export default function SignedOutPage() {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">You have signed out</h1>
      <p role="status" className="mt-2 text-sm text-fg-muted">
        Your Store Admin session has ended, and its access to your store was revoked.
      </p>
      <Link href="/signin" className={buttonClasses("primary", "mt-6 w-full")}>
        Sign in again
      </Link>
    </>
  );
}
