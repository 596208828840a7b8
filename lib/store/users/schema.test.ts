import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { storeUserSchema, toUser } from "./schema";

// Next resolves "server-only" itself (lib/store/shapes.ts imports it); outside Next it is an empty module.
vi.mock("server-only", () => ({}));

describe("a store user, read tolerantly", () => {
  it("maps the API's user to the app's", () => {
    const raw = storeUserSchema.parse({
      id: 7,
      email: "a@b.c",
      permissions: ["manage_orders"],
      is_active: false,
      extra: 1,
    });
    expect(toUser(raw)).toEqual({
      id: "7",
      email: "a@b.c",
      permissions: ["manage_orders"],
      active: false,
      passwordSet: null,
      status: "deactivated",
    });
  });

  it("reads a user without permissions or is_active as active with none", () => {
    expect(toUser(storeUserSchema.parse({ id: "u-1", email: "a@b.c" }))).toEqual({
      id: "u-1",
      email: "a@b.c",
      permissions: [],
      active: true,
      passwordSet: null,
      status: "active",
    });
  });

  it("shows an active user without a password as invited (the password_set extension)", () => {
    const read = (extra: object) => toUser(storeUserSchema.parse({ id: 1, email: "a@b.c", ...extra })).status;
    expect(read({ password_set: false })).toBe("invited");
    expect(read({ password_set: true })).toBe("active");
    expect(read({ password_set: false, is_active: false })).toBe("deactivated");
    // Anything but a boolean is "the store does not say".
    expect(read({ password_set: "no" })).toBe("active");
  });

  it("refuses a user without an id or email", () => {
    expect(z.array(storeUserSchema).safeParse([{ email: "a@b.c" }]).success).toBe(false);
    expect(storeUserSchema.safeParse({ id: 1 }).success).toBe(false);
    expect(storeUserSchema.safeParse({ id: "", email: "a@b.c" }).success).toBe(false);
  });
});
