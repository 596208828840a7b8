import { describe, expect, it } from "vitest";
import { signInPath, safeCallbackPath } from "./callback-path";
import { effectivePermissions, usableSession } from "./session-token";

const store = "http://localhost:4000";

describe("usableSession", () => {
  const jwt = { accessToken: "tok", storeUrl: store, expiresAt: null, scope: "admin storefront", storeUser: null };

  it("accepts a token for the configured store", () => {
    expect(usableSession(jwt, store)?.accessToken).toBe("tok");
  });

  it("refuses a cookie without an access token, for another store, or expired", () => {
    expect(usableSession({ storeUrl: store }, store)).toBeNull();
    expect(usableSession(null, store)).toBeNull();
    expect(usableSession(jwt, "http://other:4000")).toBeNull();
    expect(usableSession({ ...jwt, expiresAt: 1000 }, store, 2_000_000)).toBeNull();
    expect(usableSession({ ...jwt, expiresAt: 3000 }, store, 2_000_000)).not.toBeNull();
  });
});

describe("callback paths", () => {
  it("keeps same-site paths only", () => {
    expect(safeCallbackPath("/users/3?tab=x")).toBe("/users/3?tab=x");
    expect(safeCallbackPath("//evil.example/")).toBeNull();
    expect(safeCallbackPath("/\\evil.example")).toBeNull();
    expect(safeCallbackPath("https://evil.example/")).toBeNull();
    expect(safeCallbackPath(undefined)).toBeNull();
  });

  it("builds the sign-in address", () => {
    expect(signInPath("/users/3", "SessionExpired")).toBe("/signin?callbackUrl=%2Fusers%2F3&error=SessionExpired");
    expect(signInPath("https://evil.example")).toBe("/signin");
  });
});

describe("effectivePermissions", () => {
  const user = (permissions: string[] | null) => ({ id: "1", email: "a@example.com", permissions });
  it("trusts the permissions the token response named", () => {
    expect(effectivePermissions({ storeUser: user(["manage_orders"]), refused: ["manage_orders"] })).toEqual([
      "manage_orders",
    ]);
  });
  it("otherwise takes away what the store refused at sign-in", () => {
    const permissions = effectivePermissions({ storeUser: user(null), refused: ["manage_users", "view_stats"] });
    expect(permissions).toContain("manage_orders");
    expect(permissions).not.toContain("manage_users");
    expect(permissions).not.toContain("view_stats");
  });
  it("says nothing when the store said nothing and refused nothing", () => {
    expect(effectivePermissions({ storeUser: null, refused: [] })).toBeNull();
  });
});
