import { storeRead } from "@/lib/route-handler";
import { getTaxGroup } from "@/lib/store/tax/api";

/** One tax group with its rules, for React Query (components/tax/rules-editor.tsx). */
export const GET = storeRead<{ id: string }>((store, { params }) => getTaxGroup(store, params.id));
