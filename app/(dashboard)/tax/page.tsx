import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Tax" };

export default function TaxPage() {
  return <ComingSoon path="/tax" headline="Tax settings are on their way" what="set up tax groups and rates" />;
}
