import { createCoupon } from "../coupons/coupons.js";
import { createCouponBody } from "../coupons/schemas.js";
import type { SeedPart } from "./parts.js";

/**
 * The demo store's coupons (docs/architecture.md#the-demo-store), made through
 * createCoupon from values parsed as a POST /coupons would be: one of every
 * kind a store runs, around today. Dates are relative to the seed's day.
 */

const DAY = 24 * 60 * 60;

interface CouponTemplate {
  name: string;
  type: "percentage_off" | "flat_discount" | "free_shipping";
  /** Days from today (negative: in the past). */
  starts: number;
  ends: number;
  limit: number;
  code?: string;
  percentage?: string;
  flat_rate?: string;
  threshold?: string;
  free_ship?: boolean;
}

export const COUPONS: readonly CouponTemplate[] = [
  // Active, with a code anyone may use, no limit.
  {
    name: "Welcome 15% off",
    type: "percentage_off",
    percentage: "15%",
    code: "WELCOME15",
    starts: -45,
    ends: 320,
    limit: 0,
  },
  // Active, a flat amount from a threshold, capped.
  {
    name: "$10 off orders of $75",
    type: "flat_discount",
    flat_rate: "10",
    threshold: "75",
    code: "TENOFF75",
    starts: -10,
    ends: 50,
    limit: 500,
  },
  // Expired.
  {
    name: "Summer sale 20%",
    type: "percentage_off",
    percentage: "20",
    code: "SUMMER20",
    starts: -120,
    ends: -30,
    limit: 0,
  },
  // Upcoming.
  { name: "Free shipping weekend", type: "free_shipping", code: "SHIPFREE", starts: 5, ends: 8, limit: 0 },
  // A batch of one-use codes (sent to newsletter subscribers), with free shipping on top.
  {
    name: "Newsletter thank-you 10%",
    type: "percentage_off",
    percentage: "10",
    free_ship: true,
    starts: -20,
    ends: 70,
    limit: 250,
  },
];

export const coupons: SeedPart = {
  name: "coupons",
  async run(ctx, tx) {
    const schema = createCouponBody(ctx.currency);
    const today = Math.floor(Date.now() / 1000 / DAY) * DAY;
    let codes = 0;
    for (const t of COUPONS) {
      const { starts, ends, free_ship, ...fields } = t;
      const input = schema.parse({
        ...fields,
        start_date: String(today + starts * DAY),
        end_date: String(today + ends * DAY),
        limit: String(t.limit),
        ...(free_ship === undefined ? {} : { free_ship: String(free_ship) }),
      });
      await createCoupon(tx, input);
      codes += t.code ? 1 : t.limit;
    }
    return `${COUPONS.length} coupons (active, expired and upcoming; ${codes} codes, ${codes - COUPONS.filter((c) => c.code).length} of them one-use)`;
  },
};
