import {
  type Coupon,
  type CouponValidity,
  couponValidity,
  hitsText,
  isUsedUp,
  usageText,
  validityLabels,
} from "@/lib/store/coupons/model";
import { Badge, type BadgeTone } from "../ui/badge";

const tones: Record<CouponValidity, BadgeTone> = { upcoming: "info", active: "success", expired: "neutral" };

/** Upcoming, Active or Expired at `now` (UNIX seconds): the word says it, the colour repeats it. */
export function ValidityBadge({ coupon, now }: { coupon: Pick<Coupon, "startDate" | "endDate">; now: number }) {
  const validity = couponValidity(coupon, now);
  return (
    <Badge tone={tones[validity]} dot>
      {validityLabels[validity]}
    </Badge>
  );
}

/** "12 of 100 used" (or "12 used · Unlimited"), "Used up" when the limit is reached, and the tries at checkout. */
export function UsageSummary({ coupon }: { coupon: Pick<Coupon, "redeemed" | "limit" | "hits"> }) {
  return (
    <div className="space-y-0.5">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium">{usageText(coupon)}</span>
        {coupon.limit > 0 ? null : <span className="text-fg-muted">Unlimited</span>}
        {isUsedUp(coupon) ? <Badge tone="warning">Used up</Badge> : null}
      </p>
      <p className="text-fg-muted">{hitsText(coupon)}</p>
    </div>
  );
}
