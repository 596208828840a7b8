import type { Metadata } from "next";
import { ComingSoon } from "@/components/coming-soon";

export const metadata: Metadata = { title: "Tax" };

export default function TaxPage() {
  return <ComingSoon title="Tax" headline="Tax is coming soon" what="set up tax groups and rates" />;
}
