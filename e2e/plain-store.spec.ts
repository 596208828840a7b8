import { expect, test } from "@playwright/test";
import { e2e, uniqueEmail, userCard } from "./support";

// The dashboard against a store with none of the bundled store's extensions
// (scripts/lib/plain-store.mjs): no `user` in the token response, no revoke
// endpoint, 200 on create, a list on update, 204 on delete, plain-text errors.
const dashboardUrl = process.env.E2E_PLAIN_DASHBOARD_URL ?? "";
const storeUrl = process.env.E2E_PLAIN_STORE_URL ?? "";
test.use({ baseURL: dashboardUrl });
test.skip(!dashboardUrl || !storeUrl, "run through npm run test:e2e");

test("signs in, manages users and signs out against a store without the extensions", async ({ page }) => {
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await page.waitForURL((url) => url.origin === storeUrl);
  const signInHeading = page.getByRole("heading", { name: "Sign in", exact: true });
  const consent = page.getByRole("heading", { name: /to access your store\?/ });
  await expect(signInHeading.or(consent)).toBeVisible();
  if (await signInHeading.isVisible()) {
    await page.getByLabel("Email").fill(e2e.owner.email);
    await page.getByLabel("Password").fill(e2e.owner.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }
  await page.getByRole("button", { name: "Allow", exact: true }).click();
  await page.waitForURL(`${dashboardUrl}/users`);

  // No `user` in the token response: the store's address stands for who is signed in.
  await expect(page.getByTestId("signed-in-as")).toHaveText(new URL(storeUrl).host);
  await expect(userCard(page, e2e.owner.email)).toBeVisible();

  // No permissions in the token response either: Home and the sidebar offer every section.
  await page.getByRole("link", { name: "Store Admin" }).click();
  await expect(page.getByRole("heading", { name: "Home", level: 1 })).toBeVisible();
  await expect(page.getByText("Your store does not say which permissions you have")).toBeVisible();
  for (const label of ["Orders", "Products", "Coupons", "Shipping", "Tax", "Users"]) {
    await expect(page.getByRole("main").getByRole("link", { name: label, exact: true })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: label, exact: true }),
    ).toBeVisible();
  }
  await page.getByRole("main").getByRole("link", { name: "Users", exact: true }).click();
  await expect(userCard(page, e2e.owner.email)).toBeVisible();

  // Create (the store answers 200 with the object).
  const email = uniqueEmail("plain");
  await page.getByRole("link", { name: "Invite user" }).click();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password (optional)").fill("a-long-password-1");
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(page.getByRole("status")).toContainText(`Invited ${email}.`);
  await expect(userCard(page, email)).toBeVisible();

  // A refusal whose body is plain text still reads as a sentence next to the field.
  await page.goto("/users/invite");
  const emailField = page.getByLabel("E-mail");
  await emailField.fill(email);
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(emailField).toHaveAttribute("aria-invalid", "true");
  await expect(emailField).toHaveAccessibleDescription(/\S/);
  await expect(page).toHaveURL(/\/users\/invite$/);

  // Update (the store answers a list holding the user).
  await page.goto("/users");
  await userCard(page, email)
    .getByRole("link", { name: `Edit permissions of ${email}` })
    .click();
  await page.getByRole("checkbox", { name: "Manage users" }).uncheck();
  await page.getByRole("button", { name: "Save permissions" }).click();
  await expect(page.getByRole("status")).toContainText(`Saved the permissions of ${email}.`);
  await expect(userCard(page, email)).not.toContainText("Manage users");

  // Delete (the store answers 204 with no body).
  const card = userCard(page, email);
  await card.getByRole("button", { name: `Delete ${email}` }).click();
  await page
    .getByRole("dialog", { name: `Delete ${email}?` })
    .getByRole("button", { name: "Delete user" })
    .click();
  await expect(card).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`${email} was deleted.`);

  // Sign out works though the store has no revoke endpoint.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signed-out|\/signin/);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?/);
});
