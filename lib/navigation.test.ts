import { describe, expect, it } from "vitest";
import { sectionAccess, sections, visibleSections } from "./navigation";

const paths = (list: { path: string }[]) => list.map((s) => s.path);

describe("sections by permission", () => {
  it("names one permission per section", () => {
    expect(Object.fromEntries(sections.map((s) => [s.path, s.permission]))).toEqual({
      "/orders": "manage_orders",
      "/products": "manage_products",
      "/coupons": "manage_marketing",
      "/shipping": "manage_store_settings",
      "/tax": "manage_store_settings",
      "/users": "manage_users",
    });
  });

  it("shows every section when the store did not name the permissions", () => {
    expect(paths(visibleSections(null))).toEqual(["/orders", "/products", "/coupons", "/shipping", "/tax", "/users"]);
    expect(sectionAccess(null).every((s) => s.allowed)).toBe(true);
  });

  it("shows only the sections the user's permissions allow, keeping the others marked", () => {
    expect(paths(visibleSections(["manage_orders", "view_stats"]))).toEqual(["/orders"]);
    expect(paths(visibleSections(["manage_store_settings"]))).toEqual(["/shipping", "/tax"]);
    const access = sectionAccess(["manage_orders", "view_stats"]);
    expect(access).toHaveLength(sections.length);
    expect(access.find((s) => s.path === "/users")?.allowed).toBe(false);
  });

  it("shows nothing for no permissions, and ignores names it does not know", () => {
    expect(visibleSections([])).toEqual([]);
    expect(paths(visibleSections(["manage_users", "manage_galaxies"]))).toEqual(["/users"]);
  });
});
