import { formatMoney, moneyRaw } from "../money/money.js";
import type { CouponCodeRow, CouponDetail } from "./coupons.js";
import type { CouponType } from "./schemas.js";

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** A coupon code as the API returns it (coupons/schemas.ts `couponCode`). */
export function serializeCouponCode(row: CouponCodeRow) {
  return {
    code: row.code,
    type: row.type as "multi_use" | "one_use",
    active: row.active,
    created: seconds(row.createdAt),
    modified: seconds(row.updatedAt),
  };
}

/** The Coupon resource as the API returns it (coupons/schemas.ts `coupon`). */
export function serializeCoupon({ coupon: c, codes }: CouponDetail, currency: string) {
  const money = (minor: number | null) => (minor === null ? null : formatMoney(minor, currency));
  const raw = (minor: number | null) => (minor === null ? null : moneyRaw(minor, currency));
  return {
    id: c.id,
    name: c.name,
    type: c.type as CouponType,
    codes: codes.map(serializeCouponCode),
    start_date: seconds(c.startsAt),
    end_date: seconds(c.endsAt),
    limit: c.useLimit,
    hits: c.hits,
    redeemed: c.redeemed,
    free_ship: c.freeShip,
    percentage: c.percentage === null ? null : `${c.percentage}%`,
    percentage_raw: c.percentage,
    flat_rate: money(c.flatRate),
    flat_rate_raw: raw(c.flatRate),
    threshold: money(c.threshold),
    threshold_raw: raw(c.threshold),
    currency,
    created: seconds(c.createdAt),
    modified: seconds(c.updatedAt),
  };
}
