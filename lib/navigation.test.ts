import { describe, expect, it } from "vitest";
import {
  landingPath,
  mayUse,
  permissionNeeded,
  sectionAccess,
  sectionAt,
  sections,
  visibleSections,
} from "./navigation";

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

describe("landing and access", () => {
  it("finds the section of a path", () => {
    expect(sectionAt("/users/42")?.path).toBe("/users");
    expect(sectionAt("/users")?.path).toBe("/users");
    expect(sectionAt("/usersx")).toBeUndefined();
    expect(sectionAt("/")).toBeUndefined();
  });

  it("lands on the page asked for when the user may use it, otherwise Home", () => {
    expect(landingPath("/users?x=1", ["manage_users"])).toBe("/users?x=1");
    expect(landingPath("/users/3", ["manage_orders"])).toBe("/");
    expect(landingPath("/orders", ["manage_orders"])).toBe("/orders");
    expect(landingPath("/", [])).toBe("/");
    expect(landingPath("/users", null)).toBe("/users");
  });

  it("names what a section needs in words", () => {
    const users = sections.find((s) => s.path === "/users")!;
    expect(permissionNeeded(users)).toBe("manage users");
    expect(mayUse(["manage_users"], users)).toBe(true);
    expect(mayUse(["view_stats"], users)).toBe(false);
  });
});
