import { describe, expect, it } from "vitest";
import { commandEntries, pageEntries, searchable } from "./palette-entries";

describe("the palette's pages and commands", () => {
  it("offer only what the permissions allow", () => {
    const limited = ["manage_orders", "view_stats"];
    expect(pageEntries(limited).map((p) => p.label)).toEqual(["Home", "Orders"]);
    expect(commandEntries(limited).map((c) => c.id)).toEqual([
      "new-order",
      "theme-light",
      "theme-dark",
      "theme-system",
      "shortcuts",
      "sign-out",
    ]);
    expect(searchable(limited)).toEqual({ orders: true, products: false, coupons: false, users: false });
  });

  it("offer everything when the store names no permissions, and a subpage that is a command once", () => {
    const labels = pageEntries(null).map((p) => p.label);
    expect(labels).toEqual(
      expect.arrayContaining(["Home", "Orders", "Products", "Coupons", "Shipping", "Tax", "Users"]),
    );
    const commands = commandEntries(null);
    expect(commands.map((c) => c.id)).toContain("invite-user");
    const pageHrefs = pageEntries(null).map((p) => p.href);
    for (const command of commands) if (command.href) expect(pageHrefs).not.toContain(command.href);
    expect(searchable(null)).toEqual({ orders: true, products: true, coupons: true, users: true });
  });
});
