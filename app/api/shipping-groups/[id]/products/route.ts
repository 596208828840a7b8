import { storeRead } from "@/lib/route-handler";
import { countShippingGroupProducts } from "@/lib/store/products/api-shipping";

/**
 * How many products are in a shipping group, `{count}`, for the delete
 * confirmation (components/shipping/delete-group-dialog.tsx). It reads the whole
 * catalogue: the contract has no filter by group.
 */
export const GET = storeRead<{ id: string }>((store, { params }) => countShippingGroupProducts(store, params.id));
