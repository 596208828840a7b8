import { storeRead } from "@/lib/route-handler";
import { listShippingGroups } from "@/lib/store/shipping/api";

/** The shipping groups for React Query (components/shipping/groups-manager.tsx). */
export const GET = storeRead((store) => listShippingGroups(store));
