import { storeRead } from "@/lib/route-handler";
import { listTaxGroups } from "@/lib/store/tax/api";

/** The tax groups for React Query (components/tax/groups-manager.tsx). */
export const GET = storeRead((store) => listTaxGroups(store));
