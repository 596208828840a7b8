import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Shipping" };

export default function ShippingPage() {
  return (
    <ComingSoon
      path="/shipping"
      headline="Shipping settings are on their way"
      what="set up shipping groups and rates"
    />
  );
}
