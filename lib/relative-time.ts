/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "3 days ago", "2 weeks ago": when something
 * happened, for a person scanning a list (the exact moment goes beside it). Days count by the calendar
 * in `timeZone` (by default the runtime's own: the person's, in the browser), as people count them: on
 * Dec 2, anything of Nov 30 was "2 days ago", at 9:35 AM or at 2:38 PM, and something of late last night
 * was "yesterday", not "3 hours ago". Pure; English, as the rest of the dashboard's words.
 */
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const calendars = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of a UNIX time in a zone, as a count of days (only differences matter). */
function calendarDay(seconds: number, timeZone: string | undefined): number {
  let calendar = calendars.get(timeZone ?? "");
  if (!calendar) {
    calendar = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    calendars.set(timeZone ?? "", calendar);
  }
  const parts = Object.fromEntries(calendar.formatToParts(new Date(seconds * 1000)).map((p) => [p.type, p.value]));
  return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) / 86_400_000;
}

export function relativeTime(seconds: number, nowSeconds: number, { timeZone }: { timeZone?: string } = {}): string {
  const ago = nowSeconds - seconds;
  if (ago < 45) return "just now";
  if (ago < 3600) return relative.format(-Math.max(1, Math.floor(ago / 60)), "minute");
  const days = calendarDay(nowSeconds, timeZone) - calendarDay(seconds, timeZone);
  if (days <= 0) return relative.format(-Math.max(1, Math.round(ago / 3600)), "hour");
  if (days < 7) return relative.format(-days, "day");
  if (days < 31) return relative.format(-Math.round(days / 7), "week");
  if (days < 365) return relative.format(-Math.round(days / 30.44), "month");
  return relative.format(-Math.round(days / 365.25), "year");
}
