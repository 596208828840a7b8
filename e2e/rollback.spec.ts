import { expect, test } from "@playwright/test";
import { accessTokenOf, actionsOf, e2e, findUser, signIn, storeApi } from "./support";

test.describe("a manager who loses manage_users mid-session", () => {
  test("sees the optimistic change undone and the reason named", async ({ page, context }) => {
    await signIn(page, e2e.manager);
    const email = e2e.staff("ivy");
    const row = page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Active");

    // The manager's own manage_users goes away (as an owner might do elsewhere).
    const token = await accessTokenOf(context);
    const me = await findUser(token, e2e.manager.email);
    expect(
      (await storeApi(token, "PUT", `/api/v1/users/${me!.id}`, { permissions: JSON.stringify(["manage_orders"]) }))
        .status,
    ).toBe(200);

    await actionsOf(page, email).click();
    await page.getByRole("menuitem", { name: "Deactivate", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Could not" })).toContainText(
      `Could not deactivate ${email}. Your store account lacks the permission to manage users. Nothing was changed.`,
    );
    // Rolled back: still shown as active, and the menu still offers to deactivate.
    await expect(row).toContainText("Active");
    await expect(row).not.toContainText("Deactivated");
    await actionsOf(page, email).click();
    await expect(page.getByRole("menuitem", { name: "Deactivate", exact: true })).toBeVisible();
  });
});
