import { catalogueWindow } from "@/lib/catalogue/window";
import { storeRead } from "@/lib/route-handler";

/**
 * A window of the catalogue (docs/architecture.md#the-catalogue-copy): `?q&status&category&sort&desc&offset&limit`,
 * answered from the dashboard server's copy for a person whose token the store accepts for products.
 */
export const GET = storeRead((store, { searchParams }) => catalogueWindow(store, searchParams));
