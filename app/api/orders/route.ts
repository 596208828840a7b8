import { readApiParams } from "@/lib/store/orders/input-list";
import { storeRead } from "@/lib/route-handler";
import { listOrders } from "@/lib/store/orders/api";

/**
 * One page of an orders tab for React Query (components/orders/list/ and
 * the live poll): `?view&page&count&created_since`, created_since already
 * in UNIX seconds (the browser turned the person's day into it).
 */
export const GET = storeRead((store, { searchParams }) => listOrders(store, readApiParams(searchParams)));
