import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Orders" };

export default function OrdersPage() {
  return <ComingSoon title="Orders" headline="Orders are coming soon" what="list, fulfil and cancel your orders" />;
}
