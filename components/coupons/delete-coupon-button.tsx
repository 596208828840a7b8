"use client";

import { useQueryClient } from "@tanstack/react-query";
import Trash2 from "lucide-react/icons/trash-2";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { deleteCouponAction } from "@/lib/actions/coupons";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { type Coupon, deleteCouponWarning } from "@/lib/store/coupons/model";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";

/** "Delete coupon" on a coupon's page: a confirmation, then back to the list. */
export function DeleteCouponButton({ coupon }: { coupon: Pick<Coupon, "id" | "name" | "codes"> }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function remove() {
    setOpen(false);
    setPending(true);
    setProblem(null);
    const result = await deleteCouponAction({ id: coupon.id });
    setPending(false);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const message = writeFailureMessage(result, {
        failed: `delete the coupon ${coupon.name}`,
        happened: `the deletion of the coupon ${coupon.name}`,
      });
      setProblem(message.text);
      if (message.reread) router.refresh();
      return;
    }
    toast.success(`Deleted the coupon ${coupon.name}.`);
    await queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all });
    router.push("/coupons");
  }

  return (
    <>
      <Button variant="secondary" pending={pending} pendingLabel="Deleting…" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete coupon
      </Button>
      {/* Outside the header's row of buttons on small screens it wraps under them. */}
      <div role="alert" className="basis-full">
        {problem ? <Notice tone="error">{problem}</Notice> : null}
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Delete the coupon ${coupon.name}?`}
        description={deleteCouponWarning(coupon)}
        confirmLabel="Delete coupon"
        onConfirm={() => void remove()}
      />
    </>
  );
}
