import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, type Locator, type Page, expect } from "@playwright/test";
import { decode } from "next-auth/jwt";

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the e2e tests with \`npm run test:e2e\`.`);
  return value;
}

/** What scripts/e2e.mjs set up. */
export const e2e = {
  get dashboardUrl() {
    return required("E2E_DASHBOARD_URL");
  },
  get unreachableDashboardUrl() {
    return required("E2E_UNREACHABLE_DASHBOARD_URL");
  },
  get storeUrl() {
    return required("E2E_STORE_URL");
  },
  get owner() {
    return { email: required("E2E_OWNER_EMAIL"), password: required("E2E_OWNER_PASSWORD") };
  },
  get limited() {
    return { email: required("E2E_LIMITED_EMAIL"), password: required("E2E_LIMITED_PASSWORD") };
  },
  get manager() {
    return { email: required("E2E_MANAGER_EMAIL"), password: required("E2E_MANAGER_PASSWORD") };
  },
  /** Staff users created for the tests to change; each test takes its own. */
  staff(name: string): string {
    const email = required("E2E_STAFF")
      .split(",")
      .find((e) => e.startsWith(`${name}@`));
    if (!email) throw new Error(`no staff fixture named ${name}`);
    return email;
  },
};

export interface Credentials {
  email: string;
  password: string;
}

/**
 * On the store's pages: sign in if asked (the store may remember us), then
 * answer the consent page.
 */
export async function answerStore(page: Page, who: Credentials, decision: "Allow" | "Deny" = "Allow") {
  await page.waitForURL((url) => url.origin === new URL(e2e.storeUrl).origin);
  const signIn = page.getByRole("heading", { name: "Sign in", exact: true });
  const consent = page.getByRole("heading", { name: /to access your store\?/ });
  await expect(signIn.or(consent)).toBeVisible();
  if (await signIn.isVisible()) {
    await page.getByLabel("Email").fill(who.email);
    await page.getByLabel("Password").fill(who.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  }
  await expect(consent).toBeVisible();
  await page.getByRole("button", { name: decision, exact: true }).click();
}

/** Opens `path`, which sends a signed-out visitor through the whole sign-in, and back. */
export async function signIn(page: Page, who: Credentials = e2e.owner, path = "/users") {
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, who, "Allow");
  await page.waitForURL((url) => url.origin === e2e.dashboardUrl && url.pathname === path);
}

/** The store access token inside the encrypted session cookie (the test knows the secret). */
export async function accessTokenOf(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies(e2e.dashboardUrl);
  const session = cookies.find((c) => c.name === "next-auth.session-token");
  if (!session) throw new Error("no session cookie");
  const jwt = await decode({ token: session.value, secret: required("E2E_NEXTAUTH_SECRET") });
  const token = jwt?.accessToken;
  if (typeof token !== "string" || !token) throw new Error("the session holds no access token");
  return token;
}

/** Talks to the store's API directly, as a second client would. */
export async function storeApi(
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${e2e.storeUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON; keep the text
  }
  return { status: response.status, body };
}

export interface ApiUser {
  id: number | string;
  email: string;
  permissions: string[];
  is_active: boolean;
}

export async function findUser(token: string, email: string): Promise<ApiUser | undefined> {
  const { status, body } = await storeApi(token, "GET", "/api/v1/users");
  expect(status).toBe(200);
  return (body as ApiUser[]).find((u) => u.email === email);
}

export async function revokeAtStore(token: string) {
  const response = await fetch(`${e2e.storeUrl}/oauth2/revoke`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      token,
      client_id: required("E2E_CLIENT_ID"),
      client_secret: required("E2E_CLIENT_SECRET"),
    }).toString(),
  });
  expect(response.ok).toBe(true);
}

/** The list item of one user on the Users page. */
export function userCard(page: Page, email: string): Locator {
  return page
    .getByRole("list", { name: "Users" })
    .getByRole("listitem", { name: new RegExp(`^${escapeRegExp(email)}`) });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** axe: no serious or critical violations. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${label}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** Presses Tab until `target` has focus; fails when it never does. */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  await expect(target).toBeFocused();
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@e2e.test`;
}
