import { type Page, expect, test } from "@playwright/test";
import { accessTokenOf, e2e, signIn, storeApi, tabTo, uniqueEmail, userMenuButton } from "./support";

// The e2e dashboard's STORE_NAME (scripts/e2e.mjs).
const storeName = "Demo Store";
const everySection = ["Orders", "Products", "Coupons", "Shipping", "Tax", "Users"];
const rawPermissionNames =
  /\b(manage_users|manage_orders|manage_products|manage_marketing|manage_store_settings|view_stats)\b/;

const sectionsNav = (page: Page) => page.getByRole("navigation", { name: "Sections" });

test("Home greets the owner with the store's name and offers every section; the logo leads back to it", async ({
  page,
}) => {
  await signIn(page, e2e.owner, "/");
  await expect(page.getByRole("heading", { name: `Welcome to ${storeName}`, level: 1 })).toBeVisible();
  // The shell names the store, not its host.
  await expect(page.getByRole("banner")).toContainText(storeName);
  const main = page.getByRole("main");
  const nav = sectionsNav(page);
  // Home first, and marked as the current page.
  await expect(nav.getByRole("link").first()).toHaveAccessibleName("Home");
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  for (const label of everySection) {
    await expect(main.getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  // Each card says what the section is for.
  await expect(main.getByRole("link", { name: "Users", exact: true })).toHaveAccessibleDescription(/Invite the people/);
  // The owner may manage users: the development pages are listed (DASHBOARD_DEV_PAGES=1).
  const dev = page.getByRole("navigation", { name: "Development" });
  await expect(dev.getByRole("link", { name: "Mail" })).toBeVisible();
  await expect(dev.getByRole("link", { name: "UI kit" })).toBeVisible();

  await main.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Store Admin" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
  await expect(page.getByRole("heading", { name: `Welcome to ${storeName}`, level: 1 })).toBeVisible();
});

test("a user with manage_orders and view_stats sees only Orders, with no word of what they lack", async ({ page }) => {
  await signIn(page, e2e.limited, "/");
  const main = page.getByRole("main");
  const nav = sectionsNav(page);

  await expect(main.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toBeVisible();
  for (const label of ["Products", "Coupons", "Shipping", "Tax", "Users"]) {
    await expect(main.getByText(label, { exact: true })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: label })).toHaveCount(0);
  }
  expect(await page.locator("body").innerText()).not.toMatch(rawPermissionNames);
  // No manage_users: no development pages, in the menu or by address.
  await expect(page.getByRole("navigation", { name: "Development" })).toHaveCount(0);
  await page.goto("/dev/mail");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();

  await page.goto("/");
  await main.getByRole("link", { name: "Orders", exact: true }).click();
  await expect(page.getByText("Orders are on their way")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Orders", exact: true })).toHaveAttribute("aria-current", "page");
  await main.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
});

test("an unknown address shows Page not found inside the shell", async ({ page }) => {
  await signIn(page, e2e.owner, "/");
  await page.goto("/no-such-page/at-all");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  // The shell is there: the sections and the user menu.
  await expect(sectionsNav(page).getByRole("link", { name: "Users" })).toBeVisible();
  await expect(userMenuButton(page)).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
  await expect(page.getByRole("heading", { name: `Welcome to ${storeName}`, level: 1 })).toBeVisible();
});

test("the user menu says who is signed in, and Dark stays chosen after a reload", async ({ page }) => {
  await signIn(page, e2e.owner, "/");
  const html = page.locator("html");
  await expect(html).toHaveAttribute("data-theme", "system");

  // By keyboard: Tab to the menu button, open it, arrow down to Dark.
  await tabTo(page, userMenuButton(page));
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toContainText(e2e.owner.email);
  await expect(menu).toContainText(storeName);
  const dark = menu.getByRole("menuitemradio", { name: "Dark" });
  await expect(menu.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");
  for (let i = 0; i < 5 && !(await dark.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("ArrowDown");
  }
  await expect(dark).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(dark).toHaveAttribute("aria-checked", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(userMenuButton(page)).toBeFocused();

  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await userMenuButton(page).click();
  await expect(page.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  // Back to System, so that the choice does not leak into the next test's cookie jar by accident.
  await page.getByRole("menuitemradio", { name: "System" }).click();
  await expect(html).toHaveAttribute("data-theme", "system");
});

test("the development mail page shows an invitation just sent, with its set-password link", async ({
  page,
  context,
}) => {
  await signIn(page, e2e.owner, "/");
  const invitee = uniqueEmail("mailpage");
  const created = await storeApi(await accessTokenOf(context), "POST", "/api/v1/users", {
    email: invitee,
    permissions: JSON.stringify(["manage_orders"]),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await page.getByRole("navigation", { name: "Development" }).getByRole("link", { name: "Mail" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/dev/mail`);
  await expect(page.getByRole("heading", { name: "Mail", level: 1 })).toBeVisible();
  const mail = page.getByRole("article").filter({ hasText: invitee });
  await expect(mail).toHaveCount(1);
  // Newest first: the invitation just sent is the first mail.
  await expect(page.getByRole("article").first()).toContainText(invitee);
  const link = mail.getByRole("link", { name: /set-password page/ });
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute("target", "_blank");
  const href = await link.getAttribute("href");
  expect(new URL(href!).origin).toBe(new URL(e2e.storeUrl).origin);
  expect(new URL(href!).pathname).toBe("/account/set-password");

  // Refresh brings in mail sent since.
  const second = uniqueEmail("mailpage2");
  expect(
    (
      await storeApi(await accessTokenOf(context), "POST", "/api/v1/users", {
        email: second,
        permissions: JSON.stringify(["manage_orders"]),
      })
    ).status,
  ).toBe(201);
  await page.getByRole("link", { name: "Refresh" }).click();
  await expect(page.getByRole("article").first()).toContainText(second);
});
