/**
 * "5 minutes ago": when an order was placed, relative to now, for a person
 * scanning the list (the exact moment is in the cell's tooltip and its
 * <time>). Pure; English, as the rest of the dashboard's words.
 */
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function relativeTime(seconds: number, nowSeconds: number): string {
  const ago = nowSeconds - seconds;
  if (ago < 45) return "just now";
  const minutes = Math.round(ago / 60);
  if (minutes < 60) return relative.format(-minutes, "minute");
  const hours = Math.round(ago / 3600);
  if (hours < 24) return relative.format(-hours, "hour");
  const days = Math.round(ago / 86_400);
  if (days < 7) return relative.format(-days, "day");
  if (days < 31) return relative.format(-Math.round(days / 7), "week");
  if (days < 365) return relative.format(-Math.round(days / 30.44), "month");
  return relative.format(-Math.round(days / 365.25), "year");
}
