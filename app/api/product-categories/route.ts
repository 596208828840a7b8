import { storeRead } from "@/lib/route-handler";
import { listCatalogueCategories } from "@/lib/store/products/api";

/**
 * The categories the catalogue uses, for the product list's filter. The API
 * lists no categories, so this reads every product (in the background, when
 * the filter is first used): lib/store/products/api.ts.
 */
export const GET = storeRead((store) => listCatalogueCategories(store));
