import { expect, test } from "@playwright/test";
import {
  accessTokenOf,
  answerStore,
  chooseUserAction,
  e2e,
  findUser,
  ordersPollRead,
  revokeAtStore,
  signIn,
  storeApi,
  tabTo,
  userCard,
  userMenuButton,
} from "./support";

// The e2e dashboard's STORE_NAME (scripts/e2e.mjs).
const storeName = "Demo Store";

test("signs in through the store's sign-in and consent pages and shows who is signed in", async ({ page }) => {
  await page.goto("/users");
  // Signed out: off to sign in, remembering where we were going.
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fusers/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();

  await page.waitForURL((url) => url.origin === new URL(e2e.storeUrl).origin);
  await expect(page.getByRole("heading", { name: "Sign in", exact: true })).toBeVisible();
  await page.getByLabel("Email").fill(e2e.owner.email);
  await page.getByLabel("Password").fill(e2e.owner.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();

  const consent = page.getByRole("heading", { name: /to access your store\?/ });
  await expect(consent).toBeVisible();
  await expect(page.getByText(/admin/).first()).toBeVisible();
  await page.getByRole("button", { name: "Allow", exact: true }).click();

  await expect(page).toHaveURL(`${e2e.dashboardUrl}/users`);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveText(e2e.owner.email);
  await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Users" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("denying access on the consent page says so on the sign-in page", async ({ page }) => {
  await page.goto("/users");
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, e2e.owner, "Deny");

  await expect(page).toHaveURL(/\/signin(\?|$)/);
  const alert = page.getByRole("alert").filter({ hasText: "You did not allow access" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("choose Allow");
  // Read once: the address bar forgets the error, so a reload does not show it again.
  await expect.poll(() => new URL(page.url()).searchParams.has("error")).toBe(false);
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in with your store" })).toBeVisible();
  await expect(page.getByText("You did not allow access")).toHaveCount(0);
  // Still signed out.
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?/);
});

test("the last section that was coming soon, Orders, opens its list", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.getByText("Orders are on their way")).toHaveCount(0);
});

test("signing out from the user menu, by keyboard, revokes the token at the store and ends the session", async ({
  page,
  context,
}) => {
  await signIn(page);
  const token = await accessTokenOf(context);
  expect((await storeApi(token, "GET", "/api/v1/users")).status).toBe(200);

  await tabTo(page, userMenuButton(page));
  await page.keyboard.press("Enter");
  const signOut = page.getByRole("menu").getByRole("menuitem", { name: "Sign out of Store Admin" });
  await page.keyboard.press("End");
  await expect(signOut).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/signed-out`);
  await expect(page.getByRole("heading", { name: "You have signed out" })).toBeVisible();
  // What happened, and what did not: the store's own session is still there.
  await expect(page.getByRole("main")).toContainText(
    `You are signed out of Store Admin, and its access to ${storeName} was revoked.`,
  );
  await expect(page.getByRole("main")).toContainText(
    `You are still signed in on ${storeName}'s own pages, so signing in again may not ask for your password.`,
  );

  const after = await storeApi(token, "GET", "/api/v1/users");
  expect(after.status).toBe(401);
  expect((await context.cookies(e2e.dashboardUrl)).some((c) => c.name === "next-auth.session-token")).toBe(false);
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Fusers/);
});

test("the signed-out page leads to the store's own sign-out page (STORE_LOGOUT_URL)", async ({ page }) => {
  await signIn(page);
  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Sign out of Store Admin" }).click();
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/signed-out`);
  await expect(page.getByRole("link", { name: "Sign in again" })).toBeVisible();
  await page.getByRole("link", { name: `Sign out of ${storeName} too` }).click();
  // The store's page asks to confirm (its wording is the store's).
  await page.waitForURL((url) => url.origin === new URL(e2e.storeUrl).origin);
  expect(new URL(page.url()).pathname).toBe("/oauth2/logout");
});

test("when the store stops accepting the token, signing in again returns to the same page", async ({
  page,
  context,
}) => {
  const polled = ordersPollRead(page);
  await signIn(page);
  await polled;
  const token = await accessTokenOf(context);
  const casey = await findUser(token, e2e.staff("casey"));
  expect(casey).toBeDefined();
  const path = `/users/${casey!.id}`;

  // Revoked behind the dashboard's back: the session cookie is still there.
  await revokeAtStore(token);
  await page.goto(path);

  await expect(page).toHaveURL(/\/signin\?/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(path);
  await expect(page.getByRole("alert").filter({ hasText: "Your store session has ended" })).toBeVisible();

  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, e2e.owner, "Allow");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}${path}`);
  await expect(page.getByRole("heading", { name: "Edit permissions" })).toBeVisible();
  await expect(page.getByText(e2e.staff("casey"))).toBeVisible();
});

test("an action the store answers with 401 sends the user to sign in and back", async ({ page, context }) => {
  const polled = ordersPollRead(page);
  await signIn(page);
  await polled;
  const casey = e2e.staff("casey");
  await expect(userCard(page, casey)).toContainText("Active");
  await revokeAtStore(await accessTokenOf(context));
  await chooseUserAction(page, casey, "Deactivate");

  await expect(page).toHaveURL(/\/signin\?/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/users");
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, e2e.owner, "Allow");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/users`);
  // Nothing was changed by the refused action: not in the list, not at the store.
  await expect(userCard(page, casey)).toContainText("Active");
  await expect(userCard(page, casey)).not.toContainText("Deactivated");
  expect((await findUser(await accessTokenOf(context), casey))?.is_active).toBe(true);
});

test("a store user without manage_users is told which permission is missing", async ({ page }) => {
  // Signing in lands them on Home (they may not use Users); the address still answers.
  await signIn(page, e2e.limited, "/");
  await page.goto("/users");
  await expect(page.getByRole("heading", { name: "You can't manage users", level: 1 })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`Ask someone who can manage users in ${storeName}`);
  await expect(page.getByRole("link", { name: "Invite user" })).toHaveCount(0);
  await expect(page.getByRole("table", { name: "Users" })).toHaveCount(0);
});

test("a store that does not answer shows a clear banner, not a crash", async ({ page }) => {
  // Sign in on the working dashboard; the second dashboard shares the cookie
  // (same host) and the secret, but its store address answers nothing.
  await signIn(page);
  await page.goto(`${e2e.unreachableDashboardUrl}/users`);
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  const banner = page.getByRole("alert").filter({ hasText: "The store is not answering" });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Check that it is running");
  // The shell still works.
  await expect(userMenuButton(page)).toBeVisible();

  await page.goto(`${e2e.unreachableDashboardUrl}/signin?error=SessionExpired`);
  await expect(page.getByRole("alert").filter({ hasText: "The store is not answering" })).toBeVisible();
});

test("a callback whose state does not match the one sent is refused", async ({ page }) => {
  // Play the attacker: the store's redirect back carries a valid code but a forged state.
  const storeOrigin = new URL(e2e.storeUrl).origin;
  await page.route(
    (url) => url.origin === storeOrigin,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      const response = await route.fetch({ maxRedirects: 0 });
      const location = response.headers().location;
      if (location?.includes("/api/auth/callback/store") && location.includes("code=")) {
        const forged = new URL(location);
        forged.searchParams.set("state", "forged-state");
        return route.fulfill({ status: 302, headers: { location: forged.toString() } });
      }
      return route.fulfill({ response });
    },
  );
  await page.goto("/users");
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, e2e.owner, "Allow");

  await expect(page).toHaveURL(/\/signin(\?|$)/);
  await expect(page.getByRole("alert").filter({ hasText: "Signing in did not complete" })).toBeVisible();
  await page.goto("/users");
  await expect(page).toHaveURL(/\/signin\?/);
});

test("the probes answer without a session: /healthz alive, /readyz through the store's own /readyz", async ({
  request,
}) => {
  const alive = await request.get("/healthz", { maxRedirects: 0 });
  expect(alive.status()).toBe(200);
  expect(await alive.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz", { maxRedirects: 0 });
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { configuration: { status: "ok" }, store: { status: "ok", via: "/readyz" } },
  });
});
