"use client";

import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { FailureError } from "@/lib/failure";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { Toaster } from "./ui/toast";

/** React Query and the toasts for the whole dashboard, mounted once in app/(dashboard)/layout.tsx. */
export function Providers({ children }: { children: ReactNode }) {
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
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
