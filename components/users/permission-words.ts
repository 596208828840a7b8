import { permissionLabels } from "@/lib/store/users/model";

/**
 * A permission in words. One this dashboard does not know (a newer store may
 * have more) still reads as words, never as its API name: "manage_gift_cards"
 * → "Manage gift cards".
 */
export function permissionInWords(permission: string): string {
  const known = (permissionLabels as Record<string, string>)[permission];
  if (known) return known;
  const words = permission.replace(/_/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
