import { describe, expect, it } from "vitest";
import { relativeTime } from "./order-dates";

describe("relativeTime", () => {
  const now = 1_790_000_000;
  it("says how long ago, in the unit a person would use", () => {
    expect(relativeTime(now - 10, now)).toBe("just now");
    // A clock a little ahead of ours is still "just now".
    expect(relativeTime(now + 30, now)).toBe("just now");
    expect(relativeTime(now - 60, now)).toBe("1 minute ago");
    expect(relativeTime(now - 25 * 60, now)).toBe("25 minutes ago");
    expect(relativeTime(now - 3 * 3600, now)).toBe("3 hours ago");
    expect(relativeTime(now - 86_400, now)).toBe("yesterday");
    expect(relativeTime(now - 3 * 86_400, now)).toBe("3 days ago");
    expect(relativeTime(now - 14 * 86_400, now)).toBe("2 weeks ago");
    expect(relativeTime(now - 90 * 86_400, now)).toBe("3 months ago");
    expect(relativeTime(now - 800 * 86_400, now)).toBe("2 years ago");
  });
});
