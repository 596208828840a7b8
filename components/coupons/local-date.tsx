"use client";

import { useHydrated } from "../ui/after-hydration";

/*
 * Dates in the person's own locale and time zone, which only the browser
 * knows: the server (and the browser while hydrating) writes them in English
 * and UTC, then the browser rewrites them. The <time> element carries the
 * exact moment either way.
 */

const serverFormats = {
  day: new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }),
  moment: new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
};

let browserFormats: typeof serverFormats | null = null;
function formats(hydrated: boolean): typeof serverFormats {
  if (!hydrated) return serverFormats;
  browserFormats ??= {
    day: new Intl.DateTimeFormat(undefined, { dateStyle: "medium" }),
    moment: new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
  };
  return browserFormats;
}

function atMidnight(date: Date, hydrated: boolean): boolean {
  return hydrated
    ? date.getHours() === 0 && date.getMinutes() === 0 && date.getSeconds() === 0
    : date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0;
}

/**
 * "1 Mar 2025" for a day's start; the time too when it is not one.
 * `end`: an end_date, shown as the last day it covers (the coupon works
 * before it, so an end at midnight of 1 April reads "31 Mar 2025").
 */
export function useDateText() {
  const hydrated = useHydrated();
  return (seconds: number, { end = false }: { end?: boolean } = {}): string => {
    const date = new Date(seconds * 1000);
    const f = formats(hydrated);
    if (!atMidnight(date, hydrated)) return f.moment.format(date);
    return f.day.format(end ? new Date((seconds - 1) * 1000) : date);
  };
}

export function LocalDate({ seconds, end = false }: { seconds: number; end?: boolean }) {
  const text = useDateText();
  return <time dateTime={new Date(seconds * 1000).toISOString()}>{text(seconds, { end })}</time>;
}

/** "1 Mar 2025 – 31 Mar 2025"; one open end reads "From …" or "Until …". */
export function DateRange({ start, end }: { start: number | null; end: number | null }) {
  if (start === null && end === null) return <span>No dates</span>;
  if (end === null)
    return (
      <span>
        From <LocalDate seconds={start!} />
      </span>
    );
  if (start === null)
    return (
      <span>
        Until <LocalDate seconds={end} end />
      </span>
    );
  return (
    <span>
      <LocalDate seconds={start} /> – <LocalDate seconds={end} end />
    </span>
  );
}
