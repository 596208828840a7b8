import { type Page, expect, test } from "@playwright/test";
import { e2e, escapeRegExp, inviteTrigger, uniqueEmail, userMenuButton, userRow } from "./support";

// The first hour of a new user, through the real pages only: the owner signs
// in, invites a helper who may only manage orders, the helper reads the
// invitation (the development mail page), sets a password on the store's page
// and signs in with fewer permissions than the owner.

test("the first hour: sign in, invite a helper, who sets a password and signs in with fewer permissions", async ({
  page,
  context,
}) => {
  test.slow();
  const helper = { email: uniqueEmail("helper"), password: "a-helper-password-1" };
  const storeOrigin = new URL(e2e.storeUrl).origin;

  // Start: the dashboard sends a visitor to sign in, on the store's page.
  await page.goto("/");
  await expect(page).toHaveURL(/\/signin(\?|$)/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await page.waitForURL((url) => url.origin === storeOrigin);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await page.getByLabel("Email").fill(e2e.owner.email);
  await page.getByLabel("Password").fill(e2e.owner.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: /to access your store\?/ })).toBeVisible();
  await page.getByRole("button", { name: "Allow", exact: true }).click();

  // Home.
  await page.waitForURL((url) => url.origin === e2e.dashboardUrl && url.pathname === "/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Users → "Invite user": the dialog starts on Email, with nothing ticked.
  await sectionLink(page, "Users").click();
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await inviteTrigger(page).click();
  const invite = page.getByRole("dialog", { name: "Invite user" });
  await expect(invite).toBeVisible();
  await expect(invite.getByLabel("Email")).toBeFocused();
  const permissions = invite.getByRole("checkbox");
  expect(await permissions.count()).toBeGreaterThan(1);
  for (const checkbox of await permissions.all()) await expect(checkbox).not.toBeChecked();
  await page.keyboard.type(helper.email);
  await invite.getByRole("checkbox", { name: /^Manage orders/ }).check();
  await invite.getByRole("button", { name: "Invite user", exact: true }).click();
  await expect(invite).toBeHidden();
  // The list shows them as Invited.
  const row = userRow(page, helper.email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Invited");
  await expect(row).toContainText("Manage orders");

  // Development → Mail: the invitation is there, with its set-password link.
  await sectionLink(page, "Mail").click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/dev/mail`);
  const mail = page
    .getByRole("article")
    .filter({ hasText: helper.email })
    .filter({ hasText: /You have been invited/ });
  await expect(mail).toHaveCount(1);
  const link = mail.getByRole("link").and(page.locator('[href^="http"][href*="/account/set-password?token="]'));
  await expect(link).toHaveCount(1);
  // It opens in a tab of its own, as a link in a mail would.
  const [storePage] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await storePage.waitForLoadState();

  // The store's set-password page.
  expect(new URL(storePage.url()).origin).toBe(storeOrigin);
  await expect(storePage.getByRole("heading", { level: 1, name: "Set your password" })).toBeVisible();
  await expect(storePage.getByText(helper.email, { exact: true })).toBeVisible();
  await storePage.getByLabel("New password").fill(helper.password);
  await storePage.getByLabel("Confirm password").fill(helper.password);
  await storePage.getByRole("button", { name: "Set password" }).click();
  await expect(storePage.getByRole("heading", { level: 1, name: "Password set" })).toBeVisible();
  // …and offers the way to Store Admin (where the owner is still signed in, in this browser).
  const toDashboard = storePage.getByRole("link", { name: /Store Admin/ });
  await expect(toDashboard).toHaveAttribute("href", new RegExp(`^${escapeRegExp(e2e.dashboardUrl)}/?$`));
  await toDashboard.click();
  await storePage.waitForURL((url) => url.origin === e2e.dashboardUrl && url.pathname === "/");

  // Sign out of Store Admin, from the user menu.
  await userMenuButton(storePage).click();
  await storePage.getByRole("menuitem", { name: "Sign out of Store Admin" }).click();
  await expect(storePage).toHaveURL(`${e2e.dashboardUrl}/signed-out`);
  await expect(storePage.getByRole("heading", { level: 1 })).toContainText(/signed out/i);

  // Sign in as the helper: the store still knows the owner, so "sign in as someone else".
  await storePage.getByRole("link", { name: "Sign in again" }).click();
  await storePage.getByRole("button", { name: "Sign in with your store" }).click();
  await storePage.waitForURL((url) => url.origin === storeOrigin);
  await expect(storePage.getByText(e2e.owner.email, { exact: true })).toBeVisible();
  await storePage.getByRole("button", { name: "Sign in as someone else" }).click();
  await expect(storePage.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await storePage.getByLabel("Email").fill(helper.email);
  await storePage.getByLabel("Password").fill(helper.password);
  await storePage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(storePage.getByText(helper.email, { exact: true })).toBeVisible();
  await storePage.getByRole("button", { name: "Allow", exact: true }).click();

  // They land on Home and see what they may use: Orders, not Users.
  await storePage.waitForURL((url) => url.origin === e2e.dashboardUrl && url.pathname === "/");
  await expect(sectionLink(storePage, "Orders")).toBeVisible();
  await expect(sectionLink(storePage, "Users")).toHaveCount(0);
  await expect(storePage.getByRole("main").getByRole("link", { name: /Users/ })).toHaveCount(0);

  // /users says they cannot manage users, in words: no raw permission names.
  await storePage.goto("/users");
  await expect(storePage.getByRole("heading", { name: "You can't manage users" })).toBeVisible();
  await expect(storePage.getByRole("table")).toHaveCount(0);
  const text = await storePage.locator("body").innerText();
  expect(text).not.toMatch(
    /\b(manage_users|manage_orders|manage_products|manage_marketing|manage_store_settings|view_stats)\b/,
  );
});

/** A link of the shell's navigation (sidebar on a desktop). */
function sectionLink(page: Page, name: string) {
  return page.getByRole("navigation").getByRole("link", { name, exact: true }).filter({ visible: true });
}
