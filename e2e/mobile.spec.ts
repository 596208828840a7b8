import { expect, test } from "@playwright/test";
import { e2e, expectAccessible, signIn, uniqueEmail, userCard } from "./support";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function expectNoSideways(page: import("@playwright/test").Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
}

test("at 390px the sidebar folds into a menu and every page fits", async ({ page }) => {
  await page.goto("/signin");
  await expectNoSideways(page);

  await signIn(page);
  const menu = page.getByRole("button", { name: "Menu" });
  const sections = page.getByRole("navigation", { name: "Sections" });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(sections).toBeHidden();
  await expectNoSideways(page);

  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(sections).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(e2e.owner.email);
  await sections.getByRole("link", { name: "Orders" }).click();
  await expect(page.getByText("Orders are coming soon")).toBeVisible();
  // Choosing a section closes the menu.
  await expect(sections).toBeHidden();
  await expectNoSideways(page);

  await page.getByRole("link", { name: "Store Admin" }).click();
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await expectNoSideways(page);
  await expectAccessible(page, "Home at 390px");

  await page.goto("/users");
  await expectNoSideways(page);
  await expectAccessible(page, "/users at 390px");

  const email = uniqueEmail("phone");
  await page.getByRole("link", { name: "Invite user" }).click();
  await page.getByLabel("E-mail").fill(email);
  await expectNoSideways(page);
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(userCard(page, email)).toBeVisible();

  await userCard(page, email)
    .getByRole("button", { name: `Delete ${email}` })
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBeTruthy();
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(userCard(page, email)).toHaveCount(0);
});
