/** Every React Query key, in one place, so invalidations cannot drift. */
export const queryKeys = {
  users: {
    all: ["users"] as const,
    list: () => ["users", "list"] as const,
  },
  /** Products: everything under ["products"], so that `all` refreshes every products read. */
  products: {
    all: ["products"] as const,
    /** One page of the list, of the whole catalogue or of a category ("" for all). */
    list: (filter: { page: number; count: number; category: string }) =>
      ["products", "list", filter.category, filter.page, filter.count] as const,
    /** The categories collected from the whole catalogue (a background load). */
    categories: () => ["products", "categories"] as const,
    one: (key: string) => ["products", "one", key] as const,
    /** A window of the dashboard server's catalogue copy (lib/catalogue/model.ts): a search, a filter, a sort. */
    catalogue: (query: object) => ["products", "catalogue", query] as const,
  },
  /** A product's images and videos (components/products/media/); under the products prefix. */
  productMedia: {
    one: (key: string) => ["products", "media", key] as const,
  },
  /** Coupons: the list (codes summed up) and each coupon's codes, under ["coupons"]. */
  coupons: {
    all: ["coupons"] as const,
    list: () => ["coupons", "list"] as const,
    codes: (id: string) => ["coupons", "codes", id] as const,
    /** The coupon that has a code (upper case: codes match without case), for the new order's estimate. */
    byCode: (code: string) => ["coupons", "by-code", code] as const,
  },
  /** Shipping groups: the list and each group with its options, under ["shipping"]. */
  shipping: {
    all: ["shipping"] as const,
    list: () => ["shipping", "list"] as const,
    one: (id: string) => ["shipping", "one", id] as const,
  },
  /** Orders: pages of a tab, every tab's count and single orders, under ["orders"]. */
  orders: {
    all: ["orders"] as const,
    list: (filter: { view: string; page: number; count: number; createdSince: number | null; q?: string }) =>
      ["orders", "list", filter.view, filter.page, filter.count, filter.createdSince, filter.q ?? ""] as const,
    counts: () => ["orders", "counts"] as const,
    /** The newest orders (page 0 of all), polled for new orders when the counts are refused. */
    newest: () => ["orders", "newest"] as const,
    one: (number: number) => ["orders", "one", number] as const,
    /** How many orders are to fulfil, read again when the tabs' counts (`key`) move. */
    toFulfil: (key: string) => ["orders", "to-fulfil", key] as const,
  },
  /** Tax groups: the list and each group with its rules, under ["tax"]. */
  tax: {
    all: ["tax"] as const,
    list: () => ["tax", "list"] as const,
    one: (id: string) => ["tax", "one", id] as const,
  },
} as const;
