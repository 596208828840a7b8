"use client";

import { lazy } from "react";
import { AfterHydration } from "../ui/after-hydration";
import { SkeletonRows } from "../ui/skeleton";

// The rules editor (react-hook-form and zod) loads after the page, in the
// browser, as a chunk of its own: the page stays within the first-load
// budget (docs/architecture.md#budgets), and nothing typed before hydration
// is lost.
const RulesEditor = lazy(() => import("./rules-editor").then((m) => ({ default: m.RulesEditor })));

export function RulesEditorLoader(props: { groupId: string; groupName: string }) {
  return (
    <AfterHydration fallback={<SkeletonRows label="Loading the form…" rows={3} rowClassName="h-12" />}>
      <RulesEditor {...props} />
    </AfterHydration>
  );
}
