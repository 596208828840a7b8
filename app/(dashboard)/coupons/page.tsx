import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Coupons" };

export default function CouponsPage() {
  return (
    <ComingSoon path="/coupons" headline="Coupons are on their way" what="create and manage coupons and their codes" />
  );
}
