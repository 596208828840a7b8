import { type QueryKey, useQueryClient } from "@tanstack/react-query";

export interface OptimisticContext<T> {
  /** The list before the change; undefined when nothing was cached. */
  previous: T[] | undefined;
}

/**
 * Optimistic changes to a cached list, for useMutation:
 *
 *   onMutate:  () => list.apply((items) => …)     change at once, remember the list before
 *   onError:   (e, v, context) => list.rollback(context)
 *   onSettled: list.settle                        refetch, so the list agrees with the store
 *
 * `invalidate` is the key refetched on settle (by default the list's own), e.g.
 * a resource's `all` key when a change shows in more than one query.
 */
export function useOptimisticList<T>(queryKey: QueryKey, invalidate: QueryKey = queryKey) {
  const queryClient = useQueryClient();
  return {
    async apply(change: (items: T[]) => T[]): Promise<OptimisticContext<T>> {
      // A refetch already under way would overwrite the change with old data.
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<T[]>(queryKey);
      if (previous) queryClient.setQueryData<T[]>(queryKey, change(previous));
      return { previous };
    },
    rollback(context: OptimisticContext<T> | undefined): void {
      if (context?.previous) queryClient.setQueryData<T[]>(queryKey, context.previous);
    },
    settle(): Promise<void> {
      return queryClient.invalidateQueries({ queryKey: invalidate });
    },
  };
}
