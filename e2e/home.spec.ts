import { expect, test } from "@playwright/test";
import { e2e, signIn } from "./support";

const everySection = ["Orders", "Products", "Coupons", "Shipping", "Tax", "Users"];

test("Home offers the owner every section, and the logo leads back to it", async ({ page }) => {
  await signIn(page, e2e.owner, "/");
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  const main = page.getByRole("main");
  const nav = page.getByRole("navigation", { name: "Sections" });
  for (const label of everySection) {
    await expect(main.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(main.getByText(/^Needs the /)).toHaveCount(0);
  // Each card says what the section is for.
  await expect(main.getByRole("link", { name: "Users", exact: true })).toHaveAccessibleDescription(/Invite the people/);

  await main.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Store Admin" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
});

test("Home and the sidebar show a user with manage_orders and view_stats only what they can use", async ({ page }) => {
  await signIn(page, e2e.limited, "/");
  const main = page.getByRole("main");
  const nav = page.getByRole("navigation", { name: "Sections" });

  await expect(main.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();

  // The others are listed on Home, not as links, each with the permission it needs.
  for (const label of ["Products", "Coupons", "Shipping", "Tax", "Users"]) {
    await expect(main.getByRole("link", { name: label })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: label })).toHaveCount(0);
  }
  await expect(main.getByText(/^Needs the /)).toHaveCount(5);
  const users = main.getByRole("listitem").filter({ hasText: "Needs the Manage users permission." });
  await expect(users).toHaveCount(1);
  await expect(users).toContainText("Users");

  await main.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page.getByText("Orders are coming soon")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("aria-current", "page");
});
