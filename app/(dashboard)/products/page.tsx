import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Products" };

export default function ProductsPage() {
  return (
    <ComingSoon title="Products" headline="Products are coming soon" what="edit products, options, extras and images" />
  );
}
