"use client";

import { lazy } from "react";
import { AfterHydration } from "../ui/after-hydration";
import { Card } from "../ui/card";
import { SkeletonRows } from "../ui/skeleton";
import type { OptionEditorProps } from "./option-editor";

// The option editor and the calculator (react-hook-form, zod and their parts)
// load after the page, in the browser, as chunks of their own: the pages stay
// within the first-load budget (docs/architecture.md#budgets), and nothing
// typed before hydration is lost.
const OptionEditor = lazy(() => import("./option-editor").then((m) => ({ default: m.OptionEditor })));
const Calculator = lazy(() => import("./calculator").then((m) => ({ default: m.Calculator })));

export function OptionEditorLoader(props: OptionEditorProps) {
  return (
    <AfterHydration fallback={<SkeletonRows label="Loading the form…" rows={4} rowClassName="h-32" />}>
      <OptionEditor {...props} />
    </AfterHydration>
  );
}

export function CalculatorLoader(props: { groupId: string; currency: string }) {
  return (
    <Card
      id="shipping-calculator"
      title="Calculator"
      description="What a sample cart of this group's products would pay for shipping to an address, by the store's rules."
    >
      <AfterHydration fallback={<SkeletonRows label="Loading the calculator…" rows={2} rowClassName="h-12" />}>
        <Calculator {...props} />
      </AfterHydration>
    </Card>
  );
}
