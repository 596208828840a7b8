import { expect, test } from "@playwright/test";
import { type Prepared, openContext, openPage, prepare, sitePages, themes } from "./pages";
import { actionsOf, e2e, expectAccessible, inviteTrigger, userMenuButton } from "./support";

// axe on what the page walk (e2e/page-walk.spec.ts, every page of e2e/pages.ts
// as it loads) does not reach: a page with a message, and open dialogs and
// menus, in light and in dark: no serious or critical violation.

let prepared: Prepared;
test.beforeAll(async ({ browser }) => {
  prepared = await prepare(browser);
});
test.afterAll(async () => {
  await prepared?.cleanUp();
});

for (const theme of themes) {
  test(`the sign-in page with a message is accessible (${theme})`, async ({ browser }) => {
    const context = await openContext(browser, prepared, "signed-out", theme);
    try {
      const page = await context.newPage();
      await page.goto("/signin?error=access_denied");
      await expect(page.getByRole("alert").filter({ hasText: "You did not allow access" })).toBeVisible();
      await expectAccessible(page, `signin with a message (${theme})`);
    } finally {
      await context.close();
    }
  });

  test(`open dialogs and menus are accessible (${theme})`, async ({ browser }) => {
    const context = await openContext(browser, prepared, "owner", theme);
    // Every state is checked, and the test fails at the end with all that axe found.
    const soft = { soft: true };
    try {
      const page = await context.newPage();
      const users = sitePages.find((p) => p.name === "users")!;
      await openPage(page, users, prepared.fixtures, theme);

      // The invite dialog, and its errors after sending it empty.
      await inviteTrigger(page).click();
      const invite = page.getByRole("dialog", { name: "Invite user" });
      await expect(invite).toBeVisible();
      await expectAccessible(page, `users: invite dialog (${theme})`, soft);
      await invite.getByRole("button", { name: "Invite user", exact: true }).click();
      await expect(invite.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page, `users: invite dialog with errors (${theme})`, soft);
      await page.keyboard.press("Escape");
      await expect(invite).toBeHidden();

      // A row's actions, and the confirmation of a delete.
      const casey = e2e.staff("casey");
      await actionsOf(page, casey).click();
      const rowMenu = page.getByRole("menu");
      await expect(rowMenu).toBeVisible();
      await expectAccessible(page, `users: row actions menu (${theme})`, soft);
      await rowMenu.getByRole("menuitem", { name: /^Delete/ }).click();
      const confirm = page.getByRole("dialog", { name: `Delete ${casey}?` });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, `users: delete dialog (${theme})`, soft);
      await page.keyboard.press("Escape");
      await expect(confirm).toBeHidden();

      // The user menu (who is signed in, the theme switch, sign out).
      await userMenuButton(page).click();
      const userMenu = page.getByRole("menu");
      await expect(userMenu.getByRole("menuitem", { name: "Sign out of Store Admin" })).toBeVisible();
      await expectAccessible(page, `user menu (${theme})`, soft);
      await page.keyboard.press("Escape");

      // An unknown user: the page says so.
      await page.goto("/users/does-not-exist");
      await expect(page.getByRole("main")).toContainText(/no user with id/i);
      await expectAccessible(page, `/users/does-not-exist (${theme})`, soft);
    } finally {
      await context.close();
    }
  });
}
