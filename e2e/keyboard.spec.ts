import { expect, test } from "@playwright/test";
import { e2e, tabTo, uniqueEmail, userCard } from "./support";

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

  // Invite.
  const invitee = uniqueEmail("keys");
  await tabTo(page, page.getByRole("link", { name: "Invite user" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Invite user" })).toBeVisible();
  await tabTo(page, page.getByLabel("E-mail"));
  await page.keyboard.type(invitee);
  await tabTo(page, page.getByRole("checkbox", { name: "Manage marketing" }));
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox", { name: "Manage marketing" })).not.toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Invite user" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText(`Invited ${invitee}.`);

  // Deactivate, then delete through the dialog.
  const card = userCard(page, invitee);
  await tabTo(page, card.getByRole("button", { name: `Deactivate ${invitee}` }));
  await page.keyboard.press("Enter");
  await expect(card).toContainText("Inactive");
  await expect(page.getByRole("status")).toContainText(`${invitee} is deactivated.`);

  const deleteButton = card.getByRole("button", { name: `Delete ${invitee}` });
  await tabTo(page, deleteButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Delete ${invitee}?` });
  await expect(dialog).toBeVisible();
  // Focus is trapped in the dialog.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Delete user" }));
  await page.keyboard.press("Enter");
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`${invitee} was deleted.`);
  // Focus did not fall to the page's start: it is on the list heading.
  await expect(page.getByRole("heading", { level: 2, name: /users?$/ })).toBeFocused();

  // Sign out.
  await tabTo(page, page.getByRole("button", { name: "Sign out" }));
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "You have signed out" })).toBeVisible();
});
