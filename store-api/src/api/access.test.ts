import { describe, expect, it } from "vitest";
import { accessRule } from "./access.js";

describe("accessRule", () => {
  it("lets storefront or admin read products without a permission", () => {
    expect(accessRule("GET", "/api/v1/products")).toEqual({ scopes: ["storefront", "admin"], permission: null });
    expect(accessRule("GET", "/api/v1/products/:key/images")).toEqual({
      scopes: ["storefront", "admin"],
      permission: null,
    });
    // The catalogue's changes (an extension) are read as the list is.
    expect(accessRule("GET", "/api/v1/products_changes")).toEqual({
      scopes: ["storefront", "admin"],
      permission: null,
    });
  });
  it("needs admin and the resource's permission for writes", () => {
    expect(accessRule("PUT", "/api/v1/products/:key")).toEqual({ scopes: ["admin"], permission: "manage_products" });
    expect(accessRule("PUT", "/api/v1/products_multi")).toEqual({ scopes: ["admin"], permission: "manage_products" });
    expect(accessRule("POST", "/api/v1/coupons")).toEqual({ scopes: ["admin"], permission: "manage_marketing" });
    for (const link of ["invitation", "password_reset"]) {
      expect(accessRule("POST", `/api/v1/users/:id/${link}`)).toEqual({
        scopes: ["admin"],
        permission: "manage_users",
      });
    }
    expect(accessRule("DELETE", "/api/v1/tax_groups/:id")).toEqual({
      scopes: ["admin"],
      permission: "manage_store_settings",
    });
  });
  it("needs admin for other reads, and view_stats for counts", () => {
    expect(accessRule("GET", "/api/v1/users")).toEqual({ scopes: ["admin"], permission: "manage_users" });
    expect(accessRule("GET", "/api/v1/orders/:state/count")).toEqual({ scopes: ["admin"], permission: "view_stats" });
    expect(accessRule("GET", "/api/v1/orders/count")).toEqual({ scopes: ["admin"], permission: "view_stats" });
  });
  it("refuses to guess for an unknown resource", () => {
    expect(() => accessRule("GET", "/api/v1/secrets")).toThrow(/No access rule/);
  });
});
