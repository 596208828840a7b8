import { describe, expect, it } from "vitest";
import { z } from "zod";
import { storeUserSchema, toUser } from "./schema";

describe("a store user, read tolerantly", () => {
  it("maps the API's user to the app's", () => {
    const raw = storeUserSchema.parse({
      id: 7,
      email: "a@b.c",
      permissions: ["manage_orders"],
      is_active: false,
      extra: 1,
    });
    expect(toUser(raw)).toEqual({ id: "7", email: "a@b.c", permissions: ["manage_orders"], active: false });
  });

  it("reads a user without permissions or is_active as active with none", () => {
    expect(toUser(storeUserSchema.parse({ id: "u-1", email: "a@b.c" }))).toEqual({
      id: "u-1",
      email: "a@b.c",
      permissions: [],
      active: true,
    });
  });

  it("refuses a user without an id or e-mail", () => {
    expect(z.array(storeUserSchema).safeParse([{ email: "a@b.c" }]).success).toBe(false);
    expect(storeUserSchema.safeParse({ id: 1 }).success).toBe(false);
    expect(storeUserSchema.safeParse({ id: "", email: "a@b.c" }).success).toBe(false);
  });
});
