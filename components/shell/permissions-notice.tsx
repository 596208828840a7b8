"use client";

import X from "lucide-react/icons/x";
import { useState, useTransition } from "react";
import { dismissPermissionChangeAction } from "@/lib/actions/session";
import { permissionLabel } from "@/lib/store/users/model";
import { Notice } from "../ui/notice";

const and = new Intl.ListFormat("en", { type: "conjunction" });
const or = new Intl.ListFormat("en", { type: "disjunction" });

/** "manage marketing", "view statistics": what a permission lets one do, in words. */
const doing = (permission: string) => permissionLabel(permission).toLowerCase();

/** "You can now manage marketing. You can no longer manage orders or manage products." */
export function permissionChangeSentences({ gained, lost }: { gained: string[]; lost: string[] }): string {
  return [
    gained.length ? `You can now ${and.format(gained.map(doing))}.` : null,
    lost.length ? `You can no longer ${or.format(lost.map(doing))}.` : null,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Tells the signed-in person that the store owner changed what they may do
 * (found by a re-read of their permissions, lib/session-refresh.ts), in
 * words, until they dismiss it; the sections shown already follow.
 */
export function PermissionsNotice({ change }: { change: { gained: string[]; lost: string[] } }) {
  const [dismissed, setDismissed] = useState(false);
  const [pending, startDismiss] = useTransition();
  if (dismissed) return null;
  return (
    <div role="status" className="mb-6">
      <Notice tone="info" title="Your permissions changed">
        <div className="flex items-start gap-3">
          <p className="min-w-0 flex-1">{permissionChangeSentences(change)} The menu shows what you may use now.</p>
          <button
            type="button"
            aria-label="Dismiss the notice about your permissions"
            disabled={pending}
            aria-busy={pending || undefined}
            className="-my-2 -me-2 inline-flex size-control shrink-0 items-center justify-center rounded-md hover:bg-surface-hover"
            // Gone once the session forgets it (the action answers), so a reload right after cannot bring it back.
            onClick={() =>
              startDismiss(async () => {
                await dismissPermissionChangeAction();
                setDismissed(true);
              })
            }
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      </Notice>
    </div>
  );
}
