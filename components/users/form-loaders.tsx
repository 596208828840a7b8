"use client";

import { lazy } from "react";
import { AfterHydration } from "../ui/after-hydration";
import { SkeletonRows } from "../ui/skeleton";
import type { User } from "@/lib/store/users/model";

// The users' forms (react-hook-form and zod) load after the page, in the
// browser, as chunks of their own: their pages stay within the first-load
// budget (docs/architecture.md#budgets) and nothing is typed before hydration.
const PermissionsForm = lazy(() => import("./permissions-form").then((m) => ({ default: m.PermissionsForm })));
const InviteUserForm = lazy(() => import("./invite-user-form").then((m) => ({ default: m.InviteUserForm })));

export function PermissionsFormLoader(props: { user: User; isSelf: boolean }) {
  return (
    <AfterHydration fallback={<SkeletonRows label="Loading the form…" rows={4} rowClassName="h-10" />}>
      <PermissionsForm {...props} />
    </AfterHydration>
  );
}

export function InviteUserFormLoader() {
  return (
    <AfterHydration fallback={<SkeletonRows label="Loading the form…" rows={4} rowClassName="h-10" />}>
      <InviteUserForm />
    </AfterHydration>
  );
}
