import { readApiParams } from "@/lib/store/orders/input-list";
import { storeRead } from "@/lib/route-handler";
import { listOrders, searchOrders } from "@/lib/store/orders/api";

/**
 * One page of an orders tab for React Query (components/orders/list/ and
 * the live poll): `?view&page&count&created_since&q`, created_since already
 * in UNIX seconds (the browser turned the person's day into it); `q`, a
 * customer's name or e-mail, searches (searchOrders).
 */
export const GET = storeRead((store, { searchParams }) => {
  const params = readApiParams(searchParams);
  return params.q ? searchOrders(store, params) : listOrders(store, params);
});
