import { expect, test } from "@playwright/test";
import {
  actionsOf,
  e2e,
  expectAccessible,
  inviteTrigger,
  signedIn,
  toastSaying,
  uniqueEmail,
  userCard,
  userMenuButton,
} from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectNoSideways(page: import("@playwright/test").Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test("at 390px the sidebar folds into a menu and every page fits", async ({ page }) => {
  await page.goto("/signin");
  await expectNoSideways(page);

  await signedIn(page, e2e.owner, "/users");
  const menu = page.getByRole("button", { name: "Menu" });
  const sections = page.getByRole("navigation", { name: "Sections" });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(sections).toBeHidden();
  await expectNoSideways(page);

  // By keyboard: the menu opens with Enter, shows the same links with their icons, and Escape
  // closes it with focus back on its button.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(sections).toBeVisible();
  await expect(sections.getByRole("link").first()).toHaveAccessibleName("Home");
  await expect(sections.getByRole("link", { name: "Orders" }).locator("svg")).toHaveCount(1);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Escape");
  await expect(sections).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();

  await menu.click();
  await expect(sections).toBeVisible();
  await sections.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  // Choosing a section closes the menu.
  await expect(sections).toBeHidden();
  await expectNoSideways(page);

  // The user menu sits in the top bar: who is signed in, the theme, sign-out.
  await userMenuButton(page).click();
  const userMenu = page.getByRole("menu");
  await expect(userMenu).toContainText(e2e.owner.email);
  await expect(userMenu.getByRole("menuitem", { name: "Sign out of Store Admin" })).toBeVisible();
  const box = await userMenu.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBeTruthy();
  await page.keyboard.press("Escape");
  await expect(userMenu).toBeHidden();

  await page.getByRole("link", { name: "Store Admin" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome to /, level: 1 })).toBeVisible();
  await expectNoSideways(page);
  await expectAccessible(page, "Home at 390px");

  await page.goto("/users");
  await expectNoSideways(page);
  await expectAccessible(page, "/users at 390px");

  // Invite from the dialog, which fits the screen.
  const email = uniqueEmail("phone");
  await inviteTrigger(page).click();
  const invite = page.getByRole("dialog", { name: "Invite user" });
  await expect(invite).toBeVisible();
  const inviteBox = await invite.boundingBox();
  expect(inviteBox && inviteBox.x >= 0 && inviteBox.x + inviteBox.width <= 390).toBeTruthy();
  await invite.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await expectNoSideways(page);
  await invite.getByRole("button", { name: "Invite user" }).click();
  await expect(invite).toBeHidden();
  await expect(toastSaying(page, `Invited ${email}. They will get an email to set their password.`)).toBeVisible();
  // The new user's row is a card on the phone.
  await expect(userCard(page, email)).toBeVisible();
  await expect(userCard(page, email)).toHaveCSS("display", "block");
  await expectNoSideways(page);

  // Delete from the card's menu; the menu and the confirmation fit the screen.
  await actionsOf(page, email).click();
  const rowMenu = page.getByRole("menu");
  await expect(rowMenu).toBeVisible();
  const menuBox = await rowMenu.boundingBox();
  expect(menuBox && menuBox.x >= 0 && menuBox.x + menuBox.width <= 390).toBeTruthy();
  await rowMenu.getByRole("menuitem", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${email}?` });
  await expect(dialog).toBeVisible();
  const dialogBox = await dialog.boundingBox();
  expect(dialogBox && dialogBox.x >= 0 && dialogBox.x + dialogBox.width <= 390).toBeTruthy();
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(userCard(page, email)).toHaveCount(0);
  await expect(toastSaying(page, `Deleted ${email}.`)).toBeVisible();
});
