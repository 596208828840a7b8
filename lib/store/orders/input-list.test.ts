import { describe, expect, it } from "vitest";
import {
  createdSinceOf,
  exportApiPath,
  isDay,
  listApiPath,
  listHref,
  localDayStart,
  localToday,
  readApiParams,
  readListParams,
} from "./input-list";

describe("the orders list's URL", () => {
  it("reads tab, page, page size and since, falling back on anything odd", () => {
    expect(readListParams({})).toEqual({ view: "all", page: 0, count: 20, since: "", q: "" });
    expect(readListParams({ view: "unfulfilled", page: "2", count: "50", since: "2026-11-01" })).toEqual({
      view: "unfulfilled",
      page: 2,
      count: 50,
      since: "2026-11-01",
      q: "",
    });
    expect(readListParams({ view: "cancelled", page: "-1", count: "7", since: "2026-02-30" })).toEqual({
      view: "all",
      page: 0,
      count: 20,
      since: "",
      q: "",
    });
    expect(readListParams({ view: ["paid", "failed"], page: "1.5", count: "100", since: "yesterday" })).toEqual({
      view: "paid",
      page: 0,
      count: 100,
      since: "",
      q: "",
    });
    // A customer search: trimmed, at most 100 characters, and only with a letter or digit in it.
    expect(readListParams({ q: "  Liam Sato " }).q).toBe("Liam Sato");
    expect(readListParams({ q: "x".repeat(150) }).q).toHaveLength(100);
    expect(readListParams({ q: "@@ --" }).q).toBe("");
  });

  it("writes it back without the defaults, and reads back what it wrote", () => {
    expect(listHref({ view: "all", page: 0, count: 20, since: "" })).toBe("/orders");
    expect(listHref({ view: "unfulfilled", page: 2, count: 50, since: "2026-11-01" })).toBe(
      "/orders?view=unfulfilled&page=2&count=50&since=2026-11-01",
    );
    expect(listHref({ view: "all", page: 0, count: 20, since: "", q: "liam sato" })).toBe("/orders?q=liam+sato");
    const params = { view: "failed" as const, page: 4, count: 100, since: "2024-02-29", q: "liam@example.com" };
    expect(readListParams(Object.fromEntries(new URL(listHref(params), "http://x").searchParams))).toEqual(params);
  });

  it("knows a calendar day", () => {
    expect(isDay("2024-02-29")).toBe(true);
    expect(isDay("2023-02-29")).toBe(false);
    expect(isDay("2026-13-01")).toBe(false);
    expect(isDay("2026-1-01")).toBe(false);
  });
});

describe("created since", () => {
  it("is the second before the day starts, in the zone given", () => {
    const utc = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;
    expect(createdSinceOf("2026-11-01", utc)).toBe(Date.UTC(2026, 10, 1) / 1000 - 1);
    expect(createdSinceOf("", utc)).toBeNull();
    expect(createdSinceOf("2026-11-01", () => null)).toBeNull();
  });

  it("uses the local zone's midnight by default", () => {
    const start = localDayStart("2026-11-01")!;
    const date = new Date(start * 1000);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([
      2026, 10, 1, 0, 0,
    ]);
    expect(createdSinceOf("2026-11-01")).toBe(start - 1);
    expect(localDayStart("2026-02-30")).toBeNull();
    expect(localToday(new Date(2026, 10, 4, 23, 59))).toBe("2026-11-04");
  });
});

describe("the route handlers' paths", () => {
  it("carry tab, page, size and created_since, and read them back", () => {
    const request = { view: "unfulfilled" as const, page: 1, count: 50, createdSince: 1_790_000_000, q: "" };
    expect(listApiPath(request)).toBe("/api/orders?view=unfulfilled&page=1&count=50&created_since=1790000000");
    expect(readApiParams(new URL(listApiPath(request), "http://x").searchParams)).toEqual(request);
    const searched = { ...request, q: "Liam Sato" };
    expect(listApiPath(searched)).toBe(
      "/api/orders?view=unfulfilled&page=1&count=50&created_since=1790000000&q=Liam+Sato",
    );
    expect(readApiParams(new URL(listApiPath(searched), "http://x").searchParams)).toEqual(searched);
    expect(listApiPath({ ...request, view: "all", createdSince: null })).toBe("/api/orders?view=all&page=1&count=50");
    expect(exportApiPath({ view: "paid", createdSince: null })).toBe("/api/orders/export?view=paid");
    expect(exportApiPath({ view: "all", createdSince: 5 })).toBe("/api/orders/export?view=all&created_since=5");
  });

  it("ignore a created_since that is not a time", () => {
    expect(readApiParams(new URLSearchParams("created_since=abc")).createdSince).toBeNull();
    expect(readApiParams(new URLSearchParams("created_since=-4")).createdSince).toBeNull();
    expect(readApiParams(new URLSearchParams("created_since=")).createdSince).toBeNull();
    expect(readApiParams(new URLSearchParams("created_since=0")).createdSince).toBe(0);
  });
});
