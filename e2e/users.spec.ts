import { expect, test } from "@playwright/test";
import { accessTokenOf, e2e, findUser, signIn, storeApi, uniqueEmail, userCard } from "./support";

const allPermissions = [
  "manage_orders",
  "manage_products",
  "manage_store_settings",
  "manage_marketing",
  "manage_users",
  "view_stats",
];

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("lists the store's users with their permissions and status", async ({ page }) => {
  const owner = userCard(page, e2e.owner.email);
  await expect(owner).toContainText("(you)");
  await expect(owner).toContainText("Active");
  await expect(owner).toContainText("Manage users");
  // The store refuses to let you delete or deactivate yourself; the page does not offer it.
  await expect(owner.getByRole("button", { name: /Delete|Deactivate/ })).toHaveCount(0);
  await expect(userCard(page, e2e.limited.email)).toContainText("Manage orders, View statistics");
});

test("invites a user with a password and every permission by default", async ({ page, context }) => {
  const email = uniqueEmail("invited");
  await page.getByRole("link", { name: "Invite user" }).click();
  await expect(page.getByRole("heading", { name: "Invite user" })).toBeVisible();
  for (const label of [
    "Manage orders",
    "Manage products",
    "Manage store settings",
    "Manage marketing",
    "Manage users",
    "View statistics",
  ]) {
    await expect(page.getByRole("checkbox", { name: label })).toBeChecked();
  }
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password (optional)").fill("a-long-password-1");
  await page.getByRole("checkbox", { name: "Manage users" }).uncheck();
  await page.getByRole("button", { name: "Invite user" }).click();

  await expect(page).toHaveURL(/\/users\?invited=/);
  await expect(page.getByRole("status")).toContainText(`Invited ${email}.`);
  await expect(userCard(page, email)).toContainText("Active");

  const created = await findUser(await accessTokenOf(context), email);
  expect(created?.permissions.sort()).toEqual(allPermissions.filter((p) => p !== "manage_users").sort());
});

test("inviting without a password makes the store send a welcome e-mail", async ({ page }) => {
  const email = uniqueEmail("welcome");
  await page.goto("/users/invite");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(userCard(page, email)).toBeVisible();

  const outbox = (await (await fetch(`${e2e.storeUrl}/dev/outbox`)).json()) as { to: string }[];
  expect(outbox.some((mail) => mail.to.includes(email))).toBe(true);
});

test("shows the store's and the form's errors next to the e-mail field", async ({ page }) => {
  await page.goto("/users/invite");
  const email = page.getByLabel("E-mail");

  await email.fill("not an e-mail");
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/Enter an e-mail address/);

  // Taken: the store answers 409 and the message lands under the field.
  await email.fill(e2e.limited.email);
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(email).toHaveAccessibleDescription(/taken/);
  await expect(email).toBeFocused();
  await expect(page).toHaveURL(/\/users\/invite$/);
});

test("changes a user's permissions", async ({ page, context }) => {
  const email = e2e.staff("casey");
  await userCard(page, email)
    .getByRole("link", { name: `Edit permissions of ${email}` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit permissions" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Manage products" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Manage users" })).not.toBeChecked();

  await page.getByRole("checkbox", { name: "Manage products" }).uncheck();
  await page.getByRole("checkbox", { name: "View statistics" }).check();
  await page.getByRole("button", { name: "Save permissions" }).click();

  await expect(page.getByRole("status")).toContainText(`Saved the permissions of ${email}.`);
  await expect(userCard(page, email)).toContainText("Manage orders, View statistics");
  const stored = await findUser(await accessTokenOf(context), email);
  expect(stored?.permissions.sort()).toEqual(["manage_orders", "view_stats"]);
});

test("deactivates and reactivates a user", async ({ page, context }) => {
  const email = e2e.staff("devon");
  const card = userCard(page, email);
  await card.getByRole("button", { name: `Deactivate ${email}` }).click();
  await expect(card).toContainText("Inactive");
  await expect(page.getByRole("status")).toContainText(`${email} is deactivated.`);
  expect((await findUser(await accessTokenOf(context), email))?.is_active).toBe(false);

  await card.getByRole("button", { name: `Reactivate ${email}` }).click();
  await expect(page.getByRole("status")).toContainText(`${email} is active again.`);
  await expect(card).not.toContainText("Inactive");
  expect((await findUser(await accessTokenOf(context), email))?.is_active).toBe(true);
});

test("deletes a user after confirming in a dialog", async ({ page, context }) => {
  const email = e2e.staff("emery");
  const card = userCard(page, email);
  const deleteButton = card.getByRole("button", { name: `Delete ${email}` });

  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: `Delete ${email}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(card).toBeVisible();

  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`${email} was deleted.`);
  expect(await findUser(await accessTokenOf(context), email)).toBeUndefined();
});

test("a change the store refuses is rolled back with a clear message", async ({ page, context }) => {
  const email = e2e.staff("finley");
  const card = userCard(page, email);
  await expect(card).toContainText("Active");

  // Someone else deletes the user in the meantime.
  const token = await accessTokenOf(context);
  const user = await findUser(token, email);
  expect((await storeApi(token, "DELETE", `/api/v1/users/${user!.id}`)).status).toBe(200);

  await card.getByRole("button", { name: `Deactivate ${email}` }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Could not" });
  await expect(alert).toContainText(`Could not deactivate ${email}.`);
  await expect(alert).toContainText("no such user");
  await expect(alert).toContainText("Nothing was changed.");
  // Afterwards the list agrees with the store again.
  await expect(card).toHaveCount(0);
});
