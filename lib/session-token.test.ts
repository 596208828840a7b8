import { describe, expect, it } from "vitest";
import { signInPath, safeCallbackPath } from "./callback-path";
import {
  effectivePermissions,
  permissionChange,
  permissionsRefreshDue,
  permissionsRefreshMs,
  permissionsVersion,
  usableSession,
  withReadPermissions,
} from "./session-token";

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
describe("reading the permissions again", () => {
  const minute = 60_000;
  const signedIn = {
    accessToken: "tok",
    scope: "admin",
    expiresAt: null,
    storeUrl: store,
    storeUser: { id: "7", email: "quinn@example.com", permissions: ["manage_orders", "manage_products"] },
    refused: [],
    permissionsReadAt: 1_000_000,
    permissionsBefore: null,
  };
  const due = (readAt: number | null, now: number, markedAt: number | null = null) =>
    permissionsRefreshDue({ permissionsReadAt: readAt }, { now, maxAgeMs: 5 * minute, markedAt });

  it("is due once the permissions are older than the limit, and not before", () => {
    expect(due(1_000_000, 1_000_000 + 5 * minute - 1)).toBe(false);
    expect(due(1_000_000, 1_000_000 + 5 * minute)).toBe(true);
  });

  it("is due at once for a session that never read them, or read them 'in the future'", () => {
    expect(due(null, 1_000_000)).toBe(true);
    expect(due(2_000_000, 1_000_000)).toBe(true);
  });

  it("is due when marked (a 403, a change saved here) after the last read, not for an older mark", () => {
    expect(due(1_000_000, 1_000_000 + minute, 1_000_000 + 1)).toBe(true);
    expect(due(1_000_000, 1_000_000 + minute, 1_000_000)).toBe(false);
    expect(due(1_000_000, 1_000_000 + minute, 999_999)).toBe(false);
  });

  it("keeps what the user knew before a change, for the notice, and the time of the read", () => {
    const next = withReadPermissions(signedIn, ["manage_marketing"], 2_000_000);
    expect(next.storeUser?.permissions).toEqual(["manage_marketing"]);
    expect(next.permissionsReadAt).toBe(2_000_000);
    expect(next.permissionsBefore).toEqual(["manage_orders", "manage_products"]);
    expect(permissionChange(next)).toEqual({
      gained: ["manage_marketing"],
      lost: ["manage_orders", "manage_products"],
    });
  });

  it("tells nothing when nothing changed, and adds a second change to the first one not yet told", () => {
    const same = withReadPermissions(signedIn, ["manage_products", "manage_orders"], 2_000_000);
    expect(same.permissionsBefore).toBeNull();
    expect(permissionChange(same)).toBeNull();

    const first = withReadPermissions(signedIn, ["manage_orders"], 2_000_000);
    const second = withReadPermissions(first, ["manage_orders", "manage_users"], 3_000_000);
    expect(permissionChange(second)).toEqual({ gained: ["manage_users"], lost: ["manage_products"] });
    // Changed back before it was told: nothing left to tell.
    const back = withReadPermissions(second, ["manage_orders", "manage_products"], 4_000_000);
    expect(back.permissionsBefore).toBeNull();
  });

  it("keeps a store that names no user on the refused list", () => {
    const plain = { ...signedIn, storeUser: null, refused: ["manage_users"] };
    const next = withReadPermissions(plain, ["manage_orders", "view_stats"], 2_000_000);
    expect(next.storeUser).toBeNull();
    expect(effectivePermissions(next)?.sort()).toEqual(["manage_orders", "view_stats"]);
    expect(permissionChange(next)?.lost).toContain("manage_products");
  });

  it("fingerprints a set of permissions whatever its order", () => {
    expect(permissionsVersion(["a", "b"])).toBe(permissionsVersion(["b", "a"]));
    expect(permissionsVersion(["a"])).not.toBe(permissionsVersion(["a", "b"]));
    expect(permissionsVersion(null)).not.toBe(permissionsVersion([]));
  });

  it("reads the limit from DASHBOARD_PERMISSIONS_REFRESH_SECONDS, five minutes by default", () => {
    expect(permissionsRefreshMs({})).toBe(5 * minute);
    expect(permissionsRefreshMs({ DASHBOARD_PERMISSIONS_REFRESH_SECONDS: "2" })).toBe(2000);
    expect(() => permissionsRefreshMs({ DASHBOARD_PERMISSIONS_REFRESH_SECONDS: "0" })).toThrow(/1 to 86400/);
    expect(() => permissionsRefreshMs({ DASHBOARD_PERMISSIONS_REFRESH_SECONDS: "1.5" })).toThrow();
  });
});
