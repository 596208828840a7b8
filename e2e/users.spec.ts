import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  accessTokenOf,
  actionsOf,
  e2e,
  findUser,
  readOutbox,
  setPasswordLinkFor,
  signedIn,
  storeApi,
  uniqueEmail,
} from "./support";

/** One user's row in the Users table (a card on phones). */
function userRow(page: Page, email: string): Locator {
  return page.getByRole("table", { name: "Users" }).getByRole("row").filter({ hasText: email });
}

/** Opens a user's row menu and picks an item. */
async function pick(page: Page, email: string, item: string) {
  await actionsOf(page, email).click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
}

/** A toast (sonner, in the dashboard's "Notifications" region). */
function toast(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
}

const permissionLabels = [
  "Manage orders",
  "Manage products",
  "Manage store settings",
  "Manage marketing",
  "Manage users",
  "View statistics",
];

test.beforeEach(async ({ page }) => {
  await signedIn(page, e2e.owner, "/users");
});

test("lists the store's users with their status, permissions in words and actions", async ({ page }) => {
  const owner = userRow(page, e2e.owner.email);
  await expect(owner).toContainText("You");
  await expect(owner).toContainText("Active");
  await expect(owner.getByRole("list", { name: `Permissions of ${e2e.owner.email}` })).toContainText("Manage users");
  // The store refuses to let you delete or deactivate yourself; the menu does not offer it.
  await actionsOf(page, e2e.owner.email).click();
  await expect(page.getByRole("menuitem", { name: "Edit permissions" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: /Delete|Deactivate/ })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const limited = page.getByRole("list", { name: `Permissions of ${e2e.limited.email}` }).getByRole("listitem");
  await expect(limited).toHaveText(["Manage orders", "View statistics"]);
  // Never the store's raw names.
  expect(await page.getByRole("main").innerText()).not.toMatch(/manage_|view_stats/);
});

test("invites a user from the dialog with no permission ticked: the store holds them invited, with none", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("invited");
  const trigger = page.getByRole("link", { name: "Invite user" }).first();
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: "Invite user" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).toBeFocused();
  for (const label of permissionLabels) {
    await expect(dialog.getByRole("checkbox", { name: label })).not.toBeChecked();
  }
  await expect(dialog.getByRole("group", { name: "Permissions" })).toContainText("Full control");
  // The password is tucked away: by default they get an invitation.
  await expect(dialog.getByLabel("Password")).toHaveCount(0);

  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Invite user" }).click();

  await expect(dialog).toBeHidden();
  await expect(toast(page, `Invited ${email}. They will get an email to set their password.`)).toBeVisible();
  await expect(trigger).toBeFocused();
  await expect(page).toHaveURL(/\/users$/);
  const row = userRow(page, email);
  await expect(row).toContainText("Invited");
  await expect(row).toContainText("No permissions");

  const stored = (await findUser(await accessTokenOf(context), email)) as
    (Awaited<ReturnType<typeof findUser>> & { password_set?: boolean }) | undefined;
  expect(stored?.permissions).toEqual([]);
  expect(stored?.is_active).toBe(true);
  expect(stored?.password_set).toBe(false);
  expect((await readOutbox(await accessTokenOf(context))).filter((mail) => mail.to === email)).toHaveLength(1);
});

test("invites with a password on the invite page, with the permissions ticked", async ({ page, context }) => {
  const email = uniqueEmail("withpassword");
  await page.goto("/users/invite");
  await expect(page.getByRole("heading", { name: "Invite user", level: 1 })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("checkbox", { name: "Manage orders" }).check();
  await page.getByRole("button", { name: "Set a password for them instead" }).click();
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.getByLabel("Password").fill("a-long-password-1");
  await page.getByRole("button", { name: "Invite user" }).click();

  await expect(page).toHaveURL(/\/users$/);
  await expect(toast(page, `Invited ${email}. They can sign in with the password you set.`)).toBeVisible();
  await expect(userRow(page, email)).toContainText("Active");
  const stored = await findUser(await accessTokenOf(context), email);
  expect(stored?.permissions).toEqual(["manage_orders"]);
  expect((await readOutbox(await accessTokenOf(context))).some((mail) => mail.to === email)).toBe(false);
});

test("shows the form's and the store's errors next to the email field", async ({ page }) => {
  await page.getByRole("link", { name: "Invite user" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Invite user" });
  const email = dialog.getByLabel("Email");

  await email.fill("not an email");
  await dialog.getByRole("button", { name: "Invite user" }).click();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(/Enter an email address/);

  // Taken: the store answers 409 and the message lands under the field.
  await email.fill(e2e.limited.email);
  await dialog.getByRole("button", { name: "Invite user" }).click();
  await expect(email).toHaveAccessibleDescription(/taken/);
  await expect(email).toBeFocused();
  await expect(dialog).toBeVisible();
});

test("resends an invitation: a second mail, and the first link no longer works", async ({ page, context }) => {
  const email = uniqueEmail("resend");
  const token = await accessTokenOf(context);
  expect((await storeApi(token, "POST", "/api/v1/users", { email, permissions: "[]" })).status).toBe(201);
  const firstLink = await setPasswordLinkFor(token, email);
  await page.reload();
  await expect(userRow(page, email)).toContainText("Invited");

  await pick(page, email, "Resend invitation");
  await expect(toast(page, `Sent a new invitation to ${email}. The earlier link no longer works.`)).toBeVisible();
  expect((await readOutbox(token)).filter((mail) => mail.to === email)).toHaveLength(2);
  expect(await setPasswordLinkFor(token, email)).not.toBe(firstLink);

  await page.goto(firstLink);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await expect(page.getByText(/expired, was already used/)).toBeVisible();
});

test("sends a password reset to an active user", async ({ page, context }) => {
  const email = e2e.staff("gale");
  const token = await accessTokenOf(context);
  const before = (await readOutbox(token)).filter((mail) => mail.to === email).length;
  await pick(page, email, "Send password reset");
  await expect(toast(page, `Sent a password reset link to ${email}.`)).toBeVisible();
  expect((await readOutbox(token)).filter((mail) => mail.to === email)).toHaveLength(before + 1);
});

test("changes a user's permissions", async ({ page, context }) => {
  const email = e2e.staff("casey");
  await pick(page, email, "Edit permissions");
  await expect(page.getByRole("heading", { name: "Edit permissions" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(email);
  await expect(page.getByRole("checkbox", { name: "Manage products" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Manage users" })).not.toBeChecked();

  await page.getByRole("checkbox", { name: "Manage products" }).uncheck();
  await page.getByRole("checkbox", { name: "View statistics" }).check();
  await page.getByRole("button", { name: "Save permissions" }).click();

  await expect(page).toHaveURL(/\/users$/);
  await expect(toast(page, `Saved the permissions of ${email}.`)).toBeVisible();
  await expect(page.getByRole("list", { name: `Permissions of ${email}` }).getByRole("listitem")).toHaveText([
    "Manage orders",
    "View statistics",
  ]);
  const stored = await findUser(await accessTokenOf(context), email);
  expect(stored?.permissions.sort()).toEqual(["manage_orders", "view_stats"]);
});

test("a user id the store does not know says so, with the way back", async ({ page }) => {
  await page.goto("/users/987654");
  const notice = page.getByRole("alert").filter({ hasText: "No user with id" });
  await expect(notice).toContainText("No user with id 987654. It may have been deleted.");
  await expect(notice).not.toContainText("could not answer");
  await page.getByRole("link", { name: "Back to users" }).click();
  await expect(page).toHaveURL(/\/users$/);
});

test("deactivates and reactivates a user", async ({ page, context }) => {
  const email = e2e.staff("devon");
  const row = userRow(page, email);
  await pick(page, email, "Deactivate");
  await expect(row).toContainText("Deactivated");
  await expect(toast(page, `${email} is deactivated. They can no longer sign in.`)).toBeVisible();
  expect((await findUser(await accessTokenOf(context), email))?.is_active).toBe(false);

  await pick(page, email, "Reactivate");
  await expect(toast(page, `${email} is active again.`)).toBeVisible();
  await expect(row).not.toContainText("Deactivated");
  expect((await findUser(await accessTokenOf(context), email))?.is_active).toBe(true);
});

test("deletes a user after confirming in a dialog", async ({ page, context }) => {
  const email = e2e.staff("emery");
  const row = userRow(page, email);

  await pick(page, email, "Delete");
  const dialog = page.getByRole("dialog", { name: `Delete ${email}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(actionsOf(page, email)).toBeFocused();
  await expect(row).toBeVisible();

  await pick(page, email, "Delete");
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(row).toHaveCount(0);
  await expect(toast(page, `Deleted ${email}.`)).toBeVisible();
  expect(await findUser(await accessTokenOf(context), email)).toBeUndefined();
});

test("a change the store refuses is rolled back, saying nothing was changed", async ({ page, context }) => {
  const email = e2e.staff("finley");
  await expect(userRow(page, email)).toContainText("Active");

  // Someone else deletes the user in the meantime.
  const token = await accessTokenOf(context);
  const user = await findUser(token, email);
  expect((await storeApi(token, "DELETE", `/api/v1/users/${user!.id}`)).status).toBe(200);

  await pick(page, email, "Deactivate");
  const alert = page.getByRole("alert").filter({ hasText: "Could not" });
  await expect(alert).toContainText(`Could not deactivate ${email}.`);
  await expect(alert).toContainText(`No user with id ${user!.id}.`);
  await expect(alert).toContainText("Nothing was changed.");
  await expect(alert).not.toContainText("could not tell");
  // Afterwards the list agrees with the store again.
  await expect(userRow(page, email)).toHaveCount(0);
});

test("the row menu works by keyboard", async ({ page }) => {
  const trigger = actionsOf(page, e2e.staff("gale"));
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Edit permissions" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Send password reset" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Deactivate" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("on a 390 px phone the users are cards, with no sideways scrolling", async ({ page }) => {
  const row = userRow(page, e2e.staff("gale"));
  await expect(row).toHaveCSS("display", "table-row");
  await expect(row.getByText("Status", { exact: true })).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toHaveCSS("display", "block");
  // Each value is named on the card, since the column headers are not shown.
  await expect(row.getByText("Status", { exact: true })).toBeVisible();
  await expect(row.getByText("Permissions", { exact: true })).toBeVisible();
  // The menu button sits on the card, inside the screen's width.
  const button = await actionsOf(page, e2e.staff("gale")).boundingBox();
  expect(button!.x + button!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
