import { devPagesEnabled } from "@/lib/dev-pages";
import { mayUse, sections } from "@/lib/navigation";

/**
 * Whether the development pages (Mail, UI kit) are open to this user: only
 * where they exist (lib/dev-pages.ts), and only to someone who may manage
 * users, since the outbox holds other people's set-password links.
 */
export function devPagesOpenTo(permissions: readonly string[] | null): boolean {
  const users = sections.find((section) => section.path === "/users");
  return devPagesEnabled() && users !== undefined && mayUse(permissions, users);
}
