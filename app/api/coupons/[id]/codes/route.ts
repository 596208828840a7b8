import { storeStream } from "@/lib/route-handler";
import { couponCodeRows } from "@/lib/store/coupons/api";

/**
 * A coupon's codes for its codes list (components/coupons/codes-list.tsx),
 * one short row each: a coupon may have 100,000 of them, and the browser
 * searches, pages and exports them itself. Written as the store's answer is
 * read, so the codes never sit here all at once; a refusal (a 404, a lost
 * session) is answered before the first byte, as from every GET here.
 */
export const GET = storeStream<{ id: string }>(async (store, { params }) => ({
  headers: { "Content-Type": "application/json; charset=utf-8" },
  chunks: await couponCodeRows(store, params.id),
}));
