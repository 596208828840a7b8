import { expect, test } from "@playwright/test";
import { e2e, signedIn, watchConsole } from "./support";

/*
 * A clean console where the page walk (e2e/page-walk.spec.ts, which checks
 * every page of e2e/pages.ts as the owner) does not go: pages a person
 * without a permission meets.
 */

test("the Mail page refused to someone who may not manage users is a quiet Page not found", async ({ page }) => {
  const consoleErrors = watchConsole(page);
  await signedIn(page, e2e.limited, "/");
  await page.goto("/dev/mail");
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  // The page is hydrated (its links are the router's) before anything is counted.
  await page.getByRole("main").getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
  await expect(page.getByRole("heading", { level: 1, name: /^Welcome to / })).toBeVisible();
  expect(consoleErrors.problems()).toEqual([]);
});
