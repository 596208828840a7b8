import { storeRead } from "@/lib/route-handler";
import { getProduct } from "@/lib/store/products/api";

/**
 * One product as the store holds it now, for React Query: the new order's product picker
 * (components/orders/new/product-picker.tsx) finds products in the catalogue copy and reads the one
 * picked whole (its options, extras and groups) when it is added.
 */
export const GET = storeRead<{ key: string }>((store, { params }) => getProduct(store, params.key));
