import { storeRead } from "@/lib/route-handler";
import { countToFulfil } from "@/lib/store/orders/api-to-fulfil";

/**
 * How many orders are to fulfil (paid, unfulfilled, not cancelled) for React Query: the sidebar's
 * badge and the Unfulfilled tab (docs/design.md#to-fulfil).
 */
export const GET = storeRead((store) => countToFulfil(store));
