import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Coupons" };

export default function CouponsPage() {
  return (
    <ComingSoon title="Coupons" headline="Coupons are coming soon" what="create and manage coupons and their codes" />
  );
}
