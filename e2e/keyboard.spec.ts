import { type Locator, type Page, expect, test } from "@playwright/test";
import { actionsOf, e2e, inviteTrigger, tabTo, uniqueEmail, userMenuButton, userRow } from "./support";

test("signing in and managing users works with the keyboard alone", async ({ page }) => {
  // Sign in.
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?/);
  await tabTo(page, page.getByRole("button", { name: "Sign in with your store" }));
  await page.keyboard.press("Enter");

  await page.waitForURL((url) => url.origin === new URL(e2e.storeUrl).origin);
  await tabTo(page, page.getByLabel("Email"));
  await page.keyboard.type(e2e.owner.email);
  await tabTo(page, page.getByLabel("Password"));
  await page.keyboard.type(e2e.owner.password);
  await page.keyboard.press("Enter");
  const allow = page.getByRole("button", { name: "Allow", exact: true });
  await expect(allow).toBeVisible();
  await tabTo(page, allow);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/users`);

  // The skip link is the first stop and lands in the main content.
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();

  // Invite, in the dialog: it opens on Email, and closes back onto its button.
  const invitee = uniqueEmail("keys");
  const inviteButton = inviteTrigger(page);
  await tabTo(page, inviteButton);
  await page.keyboard.press("Enter");
  const invite = page.getByRole("dialog", { name: "Invite user" });
  await expect(invite.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(invitee);
  const marketing = invite.getByRole("checkbox", { name: /^Manage marketing/ });
  await tabTo(page, marketing);
  await page.keyboard.press("Space");
  await expect(marketing).toBeChecked();
  await tabTo(page, invite.getByRole("button", { name: "Invite user", exact: true }));
  await page.keyboard.press("Enter");
  await expect(invite).toBeHidden();
  await expect(inviteButton).toBeFocused();
  const row = userRow(page, invitee);
  await expect(row).toContainText("Invited");

  // Deactivate from the row's menu: Enter opens it, arrows move, Enter chooses.
  const actions = actionsOf(page, invitee);
  await tabTo(page, actions);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await pressUntilFocused(page, "ArrowDown", menu.getByRole("menuitem", { name: /^Deactivate/ }));
  await page.keyboard.press("Enter");
  await expect(menu).toBeHidden();
  await expect(row).toContainText("Deactivated");
  await expect(actions).toBeFocused();

  // Delete through the menu and its confirmation, where focus is trapped.
  await page.keyboard.press("Enter");
  await pressUntilFocused(page, "ArrowDown", menu.getByRole("menuitem", { name: /^Delete/ }));
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete ${invitee}?` });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(actions).toBeFocused();

  await page.keyboard.press("Enter");
  await pressUntilFocused(page, "ArrowDown", menu.getByRole("menuitem", { name: /^Delete/ }));
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Delete user" }));
  await page.keyboard.press("Enter");
  await expect(row).toHaveCount(0);
  // Focus did not fall to the page's start with the row it was in: it is on the list's heading.
  await expect(page.getByRole("heading", { level: 2, name: /users?$/ })).toBeFocused();

  // Sign out, from the user menu.
  // Back to the sidebar's end (a long list lies ahead of the focus, the account menu just behind it).
  await tabTo(page, userMenuButton(page), { backwards: true });
  await page.keyboard.press("Enter");
  await pressUntilFocused(page, "ArrowDown", page.getByRole("menuitem", { name: "Sign out of Store Admin" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/signed-out`);
});

/** Presses `key` (an arrow, in a menu) until `target` has focus; fails when it never does. */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 12) {
  // A menu takes focus once it has mounted: arrows pressed before then go to its button.
  await expect
    .poll(() =>
      target
        .evaluate((el) => Boolean(el.closest('[role="menu"]')?.contains(document.activeElement)))
        .catch(() => false),
    )
    .toBe(true);
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
