import { storeRead } from "@/lib/route-handler";
import { countAllOrders } from "@/lib/store/orders/api";

/**
 * Every tab's count (`/orders/count` and `/orders/{state}/count`) for React
 * Query: the list's tabs and the sidebar poll it to notice new orders.
 */
export const GET = storeRead((store) => countAllOrders(store));
