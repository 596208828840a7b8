import { storeRead } from "@/lib/route-handler";
import { listUsers } from "@/lib/store/users/api";

/** The users list for React Query (components/users/users-manager.tsx). */
export const GET = storeRead((store) => listUsers(store));
