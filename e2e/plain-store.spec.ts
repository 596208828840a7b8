import { expect, test } from "@playwright/test";
import {
  chooseUserAction,
  e2e,
  inviteTrigger,
  signIn,
  toastSaying,
  uniqueEmail,
  userCard,
  userMenuButton,
} from "./support";

// The dashboard against a store with none of the bundled store's extensions
// (scripts/lib/plain-store.mjs): no `user` in the token response, no revoke
// endpoint, 200 on create, a list on update, 204 on delete, plain-text errors.
const dashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
const storeUrl = process.env.E2E_PLAIN_STORE_URL ?? "";
test.use({ baseURL: dashboardUrl });
test.skip(!dashboardUrl || !storeUrl, "run through npm run test:e2e");

test("signs in, manages users and signs out against a store without the extensions", async ({ page }) => {
  await signIn(page, e2e.owner, "/users", { dashboardUrl, storeUrl });

  // No `user` in the token response: the store's address stands for who is signed in.
  await expect(page.getByTestId("signed-in-as")).toHaveText(new URL(storeUrl).host);
  await expect(userCard(page, e2e.owner.email)).toBeVisible();

  // No permissions in the token response either: Home and the sidebar offer every section.
  await page.getByRole("link", { name: "Store Admin" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome to /, level: 1 })).toBeVisible();
  await expect(page.getByText("Your store does not tell Store Admin what you may do")).toBeVisible();
  for (const label of ["Orders", "Products", "Coupons", "Shipping", "Tax", "Users"]) {
    await expect(page.getByRole("main").getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: label, exact: true }),
    ).toBeVisible();
  }
  await page.getByRole("main").getByRole("link", { name: "Users", exact: true }).click();
  await expect(userCard(page, e2e.owner.email)).toBeVisible();

  // Create (the store answers 200 with the object), from the invite dialog, with a password.
  const email = uniqueEmail("plain");
  await inviteTrigger(page).click();
  const invite = page.getByRole("dialog", { name: "Invite user" });
  await invite.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await invite.getByRole("checkbox", { name: "Manage users" }).check();
  await invite.getByRole("checkbox", { name: "Manage orders" }).check();
  await invite.getByRole("button", { name: "Set a password for them instead" }).click();
  await invite.getByLabel("Password").fill("a-long-password-1");
  await invite.getByRole("button", { name: "Invite user" }).click();
  await expect(toastSaying(page, `Invited ${email}. They can sign in with the password you set.`)).toBeVisible();
  await expect(invite).toBeHidden();
  const permissionsOf = userCard(page, email).getByRole("list", { name: `Permissions of ${email}` });
  await expect(permissionsOf.getByRole("listitem")).toHaveText(["Manage orders", "Manage users"]);

  // A refusal whose body is plain text still reads as a sentence next to the field.
  await page.goto("/users/invite");
  const emailField = page.getByRole("textbox", { name: "Email", exact: true });
  await emailField.fill(email);
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(emailField).toHaveAccessibleDescription(/\S/);
  await expect(page).toHaveURL(/\/users\/invite$/);

  // Update (the store answers a list holding the user).
  await page.goto("/users");
  await chooseUserAction(page, email, "Edit permissions");
  await expect(page.getByRole("heading", { name: "Edit permissions", level: 1 })).toBeVisible();
  await page.getByRole("checkbox", { name: "Manage users" }).uncheck();
  await page.getByRole("button", { name: "Save permissions" }).click();
  await expect(toastSaying(page, `Saved the permissions of ${email}.`)).toBeVisible();
  await expect(page).toHaveURL(`${dashboardUrl}/users`);
  // What the store now holds, not only what the list showed at once.
  await page.reload();
  await expect(permissionsOf.getByRole("listitem")).toHaveText(["Manage orders"]);

  // Delete (the store answers 204 with no body).
  await chooseUserAction(page, email, "Delete");
  await page
    .getByRole("dialog", { name: `Delete ${email}?` })
    .getByRole("button", { name: "Delete user" })
    .click();
  await expect(userCard(page, email)).toHaveCount(0);
  await expect(toastSaying(page, `Deleted ${email}.`)).toBeVisible();

  // Sign out works though the store has no revoke endpoint.
  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Sign out of Store Admin" }).click();
  await expect(page).toHaveURL(/\/signed-out|\/signin/);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?/);
});
