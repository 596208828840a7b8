import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("relativeTime", () => {
  const now = at("2026-12-02T10:00:00Z");
  const utc = { timeZone: "UTC" };

  it("counts minutes and hours within the day", () => {
    expect(relativeTime(now - 10, now, utc)).toBe("just now");
    expect(relativeTime(now + 30, now, utc)).toBe("just now");
    expect(relativeTime(now - 60, now, utc)).toBe("1 minute ago");
    expect(relativeTime(now - 25 * 60, now, utc)).toBe("25 minutes ago");
    expect(relativeTime(now - 3 * 3600, now, utc)).toBe("3 hours ago");
  });

  it("counts days by the calendar: on Dec 2 all of Nov 30 is two days ago, late last night is yesterday", () => {
    expect(relativeTime(at("2026-11-30T14:38:00Z"), now, utc)).toBe("2 days ago");
    expect(relativeTime(at("2026-11-30T09:35:00Z"), now, utc)).toBe("2 days ago");
    expect(relativeTime(at("2026-12-01T23:50:00Z"), at("2026-12-02T00:40:00Z"), utc)).toBe("50 minutes ago");
    expect(relativeTime(at("2026-12-01T22:30:00Z"), at("2026-12-02T00:40:00Z"), utc)).toBe("yesterday");
    expect(relativeTime(at("2026-12-01T00:10:00Z"), now, utc)).toBe("yesterday");
    expect(relativeTime(at("2026-11-28T12:00:00Z"), now, utc)).toBe("4 days ago");
  });

  it("counts in the zone it is given", () => {
    // 23:30 UTC on Dec 1 is Dec 2 in Shanghai (UTC+8): the same day there.
    expect(relativeTime(at("2026-12-01T23:30:00Z"), now, { timeZone: "Asia/Shanghai" })).toBe("11 hours ago");
    expect(relativeTime(at("2026-12-01T23:30:00Z"), now, utc)).toBe("yesterday");
  });

  it("goes on to weeks, months and years", () => {
    expect(relativeTime(now - 14 * 86_400, now, utc)).toBe("2 weeks ago");
    expect(relativeTime(now - 90 * 86_400, now, utc)).toBe("3 months ago");
    expect(relativeTime(now - 800 * 86_400, now, utc)).toBe("2 years ago");
  });
});
