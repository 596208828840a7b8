"use client";

import { useQuery } from "@tanstack/react-query";
import { FetchJsonError, fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";

/** Under the shipping group's own key: a change to shipping counts again. */
const productCountKey = (groupId: string) => [...queryKeys.shipping.one(groupId), "product-count"] as const;

/**
 * What deleting a shipping group does, with how many products are in it:
 * counted when the confirmation opens (app/api/shipping-groups/[id]/products
 * reads the whole catalogue, since the contract cannot filter products by
 * group), so a person knows what they leave without shipping before they
 * confirm. Until the count comes, and when it fails, the rest still reads.
 */
export function DeleteGroupWords({ groupId, open }: { groupId: string; open: boolean }) {
  const count = useQuery({
    queryKey: productCountKey(groupId),
    queryFn: ({ signal }) =>
      fetchJson<{ count: number }>(`/api/shipping-groups/${encodeURIComponent(groupId)}/products`, { signal }),
    enabled: open,
    staleTime: 0,
    retry: false,
  });
  const n = count.data?.count;
  return (
    <>
      <span role="status" className="block font-medium text-fg">
        {count.isPending
          ? "Counting the products in this group…"
          : count.isError
            ? `The products in this group could not be counted: ${
                count.error instanceof FetchJsonError ? count.error.failure.error : "try again."
              }`
            : n === 0
              ? "No product is in this group."
              : n === 1
                ? "1 product is in this group: it is left without a shipping group and adds nothing to an order's shipping."
                : `${new Intl.NumberFormat("en").format(n ?? 0)} products are in this group: they are left without a shipping group and add nothing to an order's shipping.`}
      </span>{" "}
      {n === undefined
        ? "Its options are deleted with it, and its products are left without a shipping group: they add nothing to an order's shipping. This cannot be undone."
        : "Its options are deleted with it. This cannot be undone."}
    </>
  );
}
