import { storeRead } from "@/lib/route-handler";
import { getShippingGroup } from "@/lib/store/shipping/api";

/** One shipping group with its options, for React Query (components/shipping/group-view.tsx). */
export const GET = storeRead<{ id: string }>((store, { params }) => getShippingGroup(store, params.id));
