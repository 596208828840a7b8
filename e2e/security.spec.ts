import { type Page, expect, test } from "@playwright/test";
import { answerStore, chooseUserAction, e2e, signIn, userMenuButton } from "./support";

/**
 * `?callbackUrl=` values that once led, or could lead, a signed-in user away
 * from the dashboard (lib/callback-path.ts; the unit test has the whole list).
 * Written as they go into the query string.
 */
const trickyCallbacks = [
  "/%09/evil.test/x",
  "//evil.test/x",
  "/%5Cevil.test/x",
  "%2F%2Fevil.test/x",
  "/%0D%0A/evil.test/x",
  "/..//evil.test/x",
  "https://evil.test/x",
  "javascript:alert(1)",
  "data:text/html,hello",
];

test("a signed-in user sent to sign in with a tricky callbackUrl stays on the dashboard", async ({ page }) => {
  await signIn(page);
  const seen: string[] = [];
  // Record every document the browser asks for; answer any other host with
  // nothing, so that a bad redirect shows up here rather than as a DNS error.
  await page.route(
    (url) => url.origin !== e2e.dashboardUrl,
    (route) => {
      seen.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/plain", body: "left the dashboard" });
    },
  );
  for (const tricky of trickyCallbacks) {
    await page.goto(`/signin?callbackUrl=${tricky}`);
    await expect(page.getByRole("heading", { name: /^Welcome to /, level: 1 })).toBeVisible();
    expect(new URL(page.url()).origin, tricky).toBe(e2e.dashboardUrl);
  }
  expect(seen).toEqual([]);
});

test("a callbackUrl of the dashboard still brings the user back to that page", async ({ page }) => {
  await signIn(page);
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(`${e2e.dashboardUrl}/users?x=1`)}`);
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/users?x=1`);
});

test("signing in with a tricky callbackUrl lands on the dashboard's home", async ({ page }) => {
  await page.goto(`/signin?callbackUrl=${trickyCallbacks[0]}`);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, e2e.owner, "Allow");
  await page.waitForURL((url) => url.origin === e2e.dashboardUrl && !url.pathname.startsWith("/api/"));
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/`);
});

test("the sign-in asks the store for PKCE with S256", async ({ page }) => {
  const storeOrigin = new URL(e2e.storeUrl).origin;
  const authorize = page.waitForRequest(
    (request) => request.url().startsWith(`${storeOrigin}/oauth2/authorize`) && request.isNavigationRequest(),
  );
  await page.goto("/users");
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  const params = new URL((await authorize).url()).searchParams;
  expect(params.get("code_challenge_method")).toBe("S256");
  expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // The store enforces the challenge, so getting in proves the verifier was sent.
  await answerStore(page, e2e.owner, "Allow");
  await expect(page).toHaveURL(`${e2e.dashboardUrl}/users`);
});

test("the store's words in a refusal link are not shown on the sign-in page", async ({ page }) => {
  const phishing = "Call +1 555 0100 to restore your account";
  const landed = await page.goto(
    `/api/auth/callback/store?error=access_denied&error_description=${encodeURIComponent(phishing)}&state=x`,
  );
  // The address the callback sent the browser to (the page then drops its `error` from the
  // address bar, components/auth/forget-query.tsx): the sign-in page, with an error but not the store's words.
  const signInUrl = new URL(landed!.url());
  expect(signInUrl.pathname).toBe("/signin");
  expect(signInUrl.searchParams.has("error")).toBe(true);
  expect(signInUrl.searchParams.get("error_description")).toBeNull();
  expect(decodeURIComponent(landed!.url())).not.toContain(phishing);
  await expect(page.getByRole("alert").filter({ hasText: "You did not allow access" })).toBeVisible();
  await page.goto(`/signin?error=${encodeURIComponent(phishing)}&error_description=${encodeURIComponent(phishing)}`);
  await expect(page.getByRole("alert").filter({ hasText: "The store refused the sign-in" })).toBeVisible();
  await expect(page.getByText(/555 0100/)).toHaveCount(0);
});

/** Content-Security-Policy violations the page reports, from the moment it starts. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective}: ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

test("pages send a Content-Security-Policy and break none of its rules", async ({ page }) => {
  const violations = await watchViolations(page);
  const signInPage = await page.goto("/signin");
  const policy = signInPage?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain("object-src 'none'");
  // Plain HTTP here: no HSTS (it is sent only when NEXTAUTH_URL is https://).
  expect(signInPage?.headers()["strict-transport-security"]).toBeUndefined();

  // Each response has its own nonce.
  const again = await page.goto("/signin");
  expect(again?.headers()["content-security-policy"]).not.toBe(policy);

  await signIn(page);
  for (const path of ["/", "/users", "/users/invite", "/orders"]) {
    const response = await page.goto(path);
    expect(response?.headers()["content-security-policy"], path).toMatch(/'nonce-/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  // Client navigation and a client read (React Query) under the policy.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  // A menu and a dialog (Radix positions the one and locks scrolling for the other with styles of its own).
  const casey = e2e.staff("casey");
  await chooseUserAction(page, casey, "Delete");
  await expect(page.getByRole("dialog", { name: `Delete ${casey}?` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Sign out of Store Admin" }).click();
  await expect(page.getByRole("heading", { name: "You have signed out" })).toBeVisible();
  expect(violations).toEqual([]);
});
