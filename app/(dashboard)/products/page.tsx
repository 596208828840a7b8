import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Products" };

export default function ProductsPage() {
  return (
    <ComingSoon
      path="/products"
      headline="Products are on their way"
      what="edit products, options, extras and images"
    />
  );
}
