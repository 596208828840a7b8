import { storeRead } from "@/lib/route-handler";
import { StoreNotFoundError } from "@/lib/store/errors";
import { getOrder } from "@/lib/store/orders/api";
import { parseOrderNumber } from "@/lib/store/orders/model";

/** One order with its lines, for React Query (the order page after a write). */
export const GET = storeRead<{ number: string }>((store, { params }) => {
  const number = parseOrderNumber(params.number);
  if (number === null) {
    throw new StoreNotFoundError({ status: 404, code: "not_found", message: `There is no order ${params.number}.` });
  }
  return getOrder(store, number);
});
