import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Orders" };

export default function OrdersPage() {
  return <ComingSoon path="/orders" headline="Orders are on their way" what="list, fulfil and cancel your orders" />;
}
