import { expect, test } from "@playwright/test";
import {
  accessTokenOf,
  answerStore,
  chooseUserAction,
  e2e,
  revokeAtStore,
  signIn,
  storeApi,
  uniqueEmail,
  userCard,
} from "./support";

const isUsersRead = (url: string, method: string) => new URL(url).pathname === "/api/users" && method === "GET";

/** A user of the test's own, so that no other test's changes get in the way. */
async function freshUser(page: import("@playwright/test").Page, token: string): Promise<string> {
  const email = uniqueEmail("reads");
  const created = await storeApi(token, "POST", "/api/v1/users", { email, password: "a-long-password-1" });
  expect(created.status).toBeLessThan(300);
  await page.reload();
  await expect(userCard(page, email)).toBeVisible();
  return email;
}

test("GET /api/users answers a caller without a session with 401 JSON", async ({ request }) => {
  const response = await request.get("/api/users", { maxRedirects: 0 });
  expect(response.status()).toBe(401);
  expect(response.headers()["content-type"]).toContain("application/json");
  expect(await response.json()).toEqual({
    error: "You are signed out. Sign in again to continue.",
    code: "signed_out",
  });
});

test("after a change the users list refreshes through GET /api/users", async ({ page, context }) => {
  await signIn(page);
  const email = await freshUser(page, await accessTokenOf(context));

  await expect(userCard(page, email)).toContainText("Active");
  const refresh = page.waitForResponse((r) => isUsersRead(r.url(), r.request().method()));
  await chooseUserAction(page, email, "Deactivate");
  const response = await refresh;
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const users = (await response.json()) as { email: string; active: boolean }[];
  expect(users.find((u) => u.email === email)?.active).toBe(false);
  await expect(userCard(page, email)).toContainText("Deactivated");
});

test("a client read the store answers with 401 sends the user to sign in and back", async ({ page, context }) => {
  await signIn(page);
  const token = await accessTokenOf(context);
  const email = await freshUser(page, token);

  // The action still gets through; the token is revoked just before the list's
  // refresh, which the real route handler then answers (read here before the page leaves).
  let revoked = false;
  let refused: { status: number; body: unknown } | undefined;
  await page.route(
    (url) => url.pathname === "/api/users",
    async (route) => {
      if (revoked) return route.continue();
      revoked = true;
      await revokeAtStore(token);
      const response = await route.fetch();
      refused = { status: response.status(), body: await response.json() };
      return route.fulfill({ response });
    },
  );
  // The address the browser is sent to: the sign-in page drops its `error`
  // from the address bar once shown (components/auth/forget-query.tsx).
  const toSignIn = page.waitForRequest(
    (request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/signin",
  );
  await chooseUserAction(page, email, "Deactivate");

  const params = new URL((await toSignIn).url()).searchParams;
  await expect(page).toHaveURL(/\/signin/);
  expect(refused).toMatchObject({
    status: 401,
    body: { error: "Your store session has ended. Sign in again to continue." },
  });
  expect(params.get("callbackUrl")).toBe("/users");
  expect(params.get("error")).toBe("SessionExpired");
  await page.unrouteAll();
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, e2e.owner, "Allow");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/users`);
  // The change made before the refresh was refused stands.
  await expect(userCard(page, email)).toContainText("Deactivated");
});
