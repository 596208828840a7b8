import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Shipping" };

export default function ShippingPage() {
  return <ComingSoon title="Shipping" headline="Shipping is coming soon" what="set up shipping groups and rates" />;
}
