"use client";

import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { FailureError } from "@/lib/failure";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { Toaster } from "./ui/toast";
import { WeightUnitProvider } from "./weight-unit";

/** React Query and the toasts for the whole dashboard, mounted once in app/(dashboard)/layout.tsx. */
export function Providers({ children, weightUnit = null }: { children: ReactNode; weightUnit?: string | null }) {
  const [client] = useState(
    () =>
      new QueryClient({
        // A client read the store refuses with 401: sign in, and come back here.
        queryCache: new QueryCache({
          onError: (error) => {
            if (error instanceof FailureError) signInAgainIfNeeded(error);
          },
        }),
        defaultOptions: {
          // Server components hand fresh data over; don't refetch it at once.
          queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <WeightUnitProvider unit={weightUnit}>{children}</WeightUnitProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
