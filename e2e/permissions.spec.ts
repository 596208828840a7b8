import { expect, test } from "@playwright/test";
import { accessTokenOf, actionsOf, e2e, findUser, signIn, storeApi, toastSaying } from "./support";

/*
 * Permissions that follow changes (lib/session-refresh.ts): a signed-in
 * person's permissions are read again when the owner saves a change here, when
 * the store refuses them something (403), and once they are older than
 * DASHBOARD_PERMISSIONS_REFRESH_SECONDS. Their next page shows the new
 * sections and says what changed; the owner is told when it takes effect.
 */

test("a signed-in user whose permissions change follows them on their next page, and both are told", async ({
  page,
  browser,
}) => {
  const email = e2e.staff("quinn");
  // The owner, in a browser of their own.
  const ownerContext = await browser.newContext({ baseURL: e2e.dashboardUrl });
  const owner = await ownerContext.newPage();
  await signIn(owner, e2e.owner, "/users");
  const ownerToken = await accessTokenOf(ownerContext);
  const quinn = await findUser(ownerToken, email);
  const setPermissions = async (permissions: string[]) => {
    const answer = await storeApi(ownerToken, "PUT", `/api/v1/users/${quinn!.id}`, {
      permissions: JSON.stringify(permissions),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  // Quinn handles orders and products (as scripts/e2e.mjs made them; again, for a retry).
  await setPermissions(["manage_orders", "manage_products"]);

  await signIn(page, { email, password: "staff-password-1" }, "/orders");
  const nav = page.getByRole("navigation", { name: "Sections" });
  const main = page.getByRole("main");
  // (The Orders link may carry the count of unfulfilled orders.)
  await expect(nav.getByRole("link")).toHaveText(["Home", /^Orders/, "Products", "Bulk edit", "Inventory"]);

  // The owner makes Quinn marketing-only on the Users page, and is told when it takes effect.
  await actionsOf(owner, email).click();
  await owner.getByRole("menuitem", { name: "Edit permissions", exact: true }).click();
  await owner.getByRole("checkbox", { name: "Manage orders" }).uncheck();
  await owner.getByRole("checkbox", { name: "Manage products" }).uncheck();
  await owner.getByRole("checkbox", { name: "Manage marketing" }).check();
  await owner.getByRole("button", { name: "Save permissions" }).click();
  await expect(toastSaying(owner, `Saved the permissions of ${email}.`)).toBeVisible();
  await expect(owner.getByRole("region", { name: /^Notifications/ })).toContainText(
    `The store applies them at once. In Store Admin, ${email} sees them from their next page (at the latest on a page opened 1 minute from now).`,
  );

  // Quinn's next page: Home and the menu show marketing only, and a notice says what changed.
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
  await expect(nav.getByRole("link")).toHaveText(["Home", "Coupons"]);
  await expect(main.getByRole("list", { name: "Sections" }).getByRole("link")).toHaveText(["Coupons"]);
  const notice = main.getByRole("status").filter({ hasText: "Your permissions changed" });
  await expect(notice).toContainText(
    "You can now manage marketing. You can no longer manage orders or manage products.",
  );

  // From here on, nothing asks the orders' endpoints (the sidebar's poll needs manage_orders).
  const ordersRequests: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === "/api/orders" || pathname.startsWith("/api/orders/")) ordersRequests.push(request.url());
  });
  await nav.getByRole("link", { name: "Coupons" }).click();
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await expect(main).not.toContainText("You can't manage marketing");
  // Read once: dismissed, it stays away after a reload.
  await notice.getByRole("button", { name: "Dismiss the notice about your permissions" }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Coupons", level: 1 })).toBeVisible();
  await expect(main.getByText("Your permissions changed")).toHaveCount(0);

  // A change made elsewhere (straight at the store): the store's 403 on the coupons marks the
  // permissions for a re-read, and the next page follows.
  expect(ordersRequests).toEqual([]);
  await setPermissions(["manage_orders"]);
  // (Unless a minute has passed since the last read: then this load reads them again itself.)
  await page.reload();
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
  await expect(nav.getByRole("link")).toHaveText(["Home", /^Orders/]);
  await expect(notice).toContainText("You can now manage orders. You can no longer manage marketing.");
  await ownerContext.close();
});
