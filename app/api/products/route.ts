import { readListParams } from "@/lib/store/products/input-list";
import { storeRead } from "@/lib/route-handler";
import { listCategoryProducts, listProducts } from "@/lib/store/products/api";

/**
 * One page of the products list for React Query (components/products/list/):
 * `?page&count&category`, read as the page reads its URL.
 */
export const GET = storeRead((store, { searchParams }) => {
  const params = readListParams(Object.fromEntries(searchParams));
  const paging = { page: params.page, count: params.count };
  return params.category ? listCategoryProducts(store, params.category, paging) : listProducts(store, paging);
});
