import type { ReactNode } from "react";
import { Providers } from "@/components/providers";

// React Query lives where something is edited, so read-only sections do not
// carry its weight in their JavaScript.
export default function UsersLayout({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}
