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
  },
  /** A product's images and videos (components/products/media/); under the products prefix. */
  productMedia: {
    one: (key: string) => ["products", "media", key] as const,
  },
} as const;
