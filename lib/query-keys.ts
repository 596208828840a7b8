/** Every React Query key, in one place, so invalidations cannot drift. */
export const queryKeys = {
  users: {
    all: ["users"] as const,
    list: () => ["users", "list"] as const,
  },
} as const;
