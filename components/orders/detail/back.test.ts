import { describe, expect, it } from "vitest";
import { backToList, orderHref } from "./back";

describe("backToList", () => {
  it("keeps the list's view", () => {
    expect(backToList("/orders?view=paid&page=2")).toBe("/orders?view=paid&page=2");
    expect(backToList(["/orders", "/users"])).toBe("/orders");
  });

  it("goes nowhere but the list", () => {
    for (const bad of [
      undefined,
      "",
      "/users",
      "//evil.example/orders",
      "https://evil.example/orders",
      "/orders/42",
      "/orders/../users",
      "/ordersx",
      "/orders?x=1#top",
      "/orders?\\evil",
      `/orders?${"a".repeat(600)}`,
    ]) {
      expect(backToList(bad)).toBe("/orders");
    }
  });
});

describe("orderHref", () => {
  it("adds the list's view only when there is one", () => {
    expect(orderHref(1042)).toBe("/orders/1042");
    expect(orderHref(1042, "/orders")).toBe("/orders/1042");
    expect(orderHref(7, "/orders?view=paid")).toBe("/orders/7?back=%2Forders%3Fview%3Dpaid");
    expect(orderHref(7, "/users")).toBe("/orders/7");
  });
});
