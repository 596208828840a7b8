import { expect, test } from "@playwright/test";
import { accessTokenOf, e2e, expectAccessible, findUser, signIn, userCard } from "./support";

test("the store's sign-in and consent pages and the dashboard's sign-in pages are accessible", async ({ page }) => {
  await page.goto("/signin");
  await expectAccessible(page, "/signin");
  await page.goto("/signin?error=access_denied&error_description=The+user+denied+access");
  await expectAccessible(page, "/signin (denied)");
  await page.goto("/signed-out");
  await expectAccessible(page, "/signed-out");

  await page.goto("/signin");
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await page.waitForURL((url) => url.origin === new URL(e2e.storeUrl).origin);
  await expect(page.getByLabel("Email")).toBeVisible();
  await expectAccessible(page, "store sign-in");
  await page.getByLabel("Email").fill(e2e.owner.email);
  await page.getByLabel("Password").fill(e2e.owner.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Allow", exact: true })).toBeVisible();
  await expectAccessible(page, "store consent");
});

test("every dashboard page is accessible", async ({ page, context }) => {
  // One axe run per page, each page rendered afresh (a CSP nonce per response): a long test on two shared cores.
  test.slow();
  await signIn(page);
  const casey = await findUser(await accessTokenOf(context), e2e.staff("casey"));
  for (const path of [
    "/",
    "/users",
    "/users/invite",
    `/users/${casey!.id}`,
    "/orders",
    "/products",
    "/coupons",
    "/shipping",
    "/tax",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectAccessible(page, path);
  }

  // States: form errors, the confirmation dialog, and a page 404.
  await page.goto("/users/invite");
  await page.getByRole("button", { name: "Invite user" }).click();
  await expect(page.getByLabel("E-mail")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "/users/invite with errors");

  await page.goto("/users");
  const gale = e2e.staff("gale");
  await userCard(page, gale)
    .getByRole("button", { name: `Delete ${gale}` })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectAccessible(page, "/users delete dialog");
  await page.keyboard.press("Escape");

  await page.goto("/users/does-not-exist");
  await expect(page.getByRole("alert").filter({ hasText: "no such user" })).toBeVisible();
  await expectAccessible(page, "/users/does-not-exist");
});
