import { storeRead } from "@/lib/route-handler";
import { listCoupons } from "@/lib/store/coupons/api";

/** The coupons list for React Query (components/coupons/coupons-manager.tsx): codes summed up, not listed. */
export const GET = storeRead((store) => listCoupons(store));
