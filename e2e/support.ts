import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type BrowserContext, type Locator, type Page, expect } from "@playwright/test";
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
 * A dashboard and the store it signs in with: the bundled store's by default,
 * or the plain store's (E2E_PLAIN_DASHBOARD_URL, E2E_PLAIN_STORE_URL:
 * scripts/lib/plain-store.mjs).
 */
export interface Site {
  dashboardUrl: string;
  storeUrl: string;
}

/**
 * On the pages of the store at `storeUrl`: sign in if asked (the store may
 * remember us), then answer the consent page.
 */
export async function answerStore(
  page: Page,
  who: Credentials,
  decision: "Allow" | "Deny" = "Allow",
  storeUrl = e2e.storeUrl,
) {
  await page.waitForURL((url) => url.origin === new URL(storeUrl).origin);
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

/**
 * Opens `path` (a query may follow) on the dashboard of `site`, which sends a
 * signed-out visitor through the whole sign-in at its store, and back.
 */
export async function signIn(
  page: Page,
  who: Credentials = e2e.owner,
  path = "/users",
  { dashboardUrl = e2e.dashboardUrl, storeUrl = e2e.storeUrl }: Partial<Site> = {},
) {
  const target = new URL(path, dashboardUrl);
  await page.goto(target.href);
  await expect(page).toHaveURL(/\/signin\?/);
  await page.getByRole("button", { name: "Sign in with your store" }).click();
  await answerStore(page, who, "Allow", storeUrl);
  await page.waitForURL((url) => url.origin === target.origin && url.pathname === target.pathname);
}

/** Where stored sign-ins are kept (git-ignored): one file per person and dashboard. Playwright runs in the root. */
const STORED_SIGN_INS = path.resolve("e2e/.auth");

/** The file of a person's stored sign-in at a dashboard (its port tells runs side by side apart). */
export function storedSignInFile(who: Credentials, dashboardUrl = e2e.dashboardUrl): string {
  return path.join(STORED_SIGN_INS, `${who.email}@${new URL(dashboardUrl).port}.json`);
}

/** Signs in for real, then keeps the browser's cookies as that person's stored sign-in. */
export async function signInAndStore(page: Page, who: Credentials, at = "/", site: Partial<Site> = {}) {
  await signIn(page, who, at, site);
  fs.mkdirSync(STORED_SIGN_INS, { recursive: true });
  await page.context().storageState({ path: storedSignInFile(who, site.dashboardUrl) });
}

/**
 * Opens `at` signed in as `who`, from a stored sign-in (docs/testing.md#stored-sign-ins): the cookies of
 * one real sign-in (made by e2e/sign-ins.setup.ts, or by the first call) go into this browser context, so
 * the OAuth round trip is paid once per person rather than once per test. For tests where signing in is
 * not what is tested and that leave the session alone: a test that signs out, revokes its token or
 * changes its user's permissions or password signs in for real (`signIn`). Should the stored session have
 * ended (the dashboard sends the page to its sign-in), this signs in for real and stores the new one.
 */
export async function signedIn(page: Page, who: Credentials = e2e.owner, at = "/", site: Partial<Site> = {}) {
  const dashboardUrl = site.dashboardUrl ?? e2e.dashboardUrl;
  const file = storedSignInFile(who, dashboardUrl);
  if (!fs.existsSync(file)) return signInAndStore(page, who, at, site);
  const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { cookies: Parameters<BrowserContext["addCookies"]>[0] };
  await page.context().addCookies(stored.cookies);
  const target = new URL(at, dashboardUrl);
  await page.goto(target.href);
  if (new URL(page.url()).pathname.startsWith("/signin")) return signInAndStore(page, who, at, site);
  await expect(page).toHaveURL((url) => url.origin === target.origin && url.pathname === target.pathname);
}

/**
 * Resolves when the sidebar's orders poll (components/orders/live/) has read
 * the counts and, right after them, the figure to fulfil (for a user who may
 * see both, as the owner). Start waiting before the page opens. A test that
 * revokes the token to see what one request does with the 401 revokes after
 * this: the poll's next reads are seconds away, so they cannot meet the 401 first.
 */
export function ordersPollRead(page: Page) {
  const read = (pathname: string) => page.waitForResponse((response) => new URL(response.url()).pathname === pathname);
  return Promise.all([read("/api/orders/counts"), read("/api/orders/to-fulfil")]);
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
  const { status, body } = await storeRequest(e2e.storeUrl, token, method, path, form);
  return { status, body };
}

/** A request to the API of the store at `storeUrl` (one of the e2e run's stores): its status, body (JSON when it is) and headers. */
export async function storeRequest(
  storeUrl: string,
  token: string,
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  form?: Record<string, string>,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${storeUrl}${path}`, {
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
  return { status: response.status, body, headers: response.headers };
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

/**
 * The row of one user in the Users table (`<Table aria-label="Users">`,
 * components/users/users-manager.tsx; a card below 768px), found by its email
 * cell: exactly the email, or the email and "You" on one's own row. So
 * "ann@x.test" never finds the row of "joann@x.test".
 */
export function userCard(page: Page, email: string): Locator {
  const emailCell = page.getByRole("cell", { name: new RegExp(`^${escapeRegExp(email)}(\\s*You)?$`) });
  return page.getByRole("table", { name: "Users" }).getByRole("row").filter({ has: emailCell });
}

/** The row of one user in the Users table (a card on a phone). */
export function userRow(page: Page, email: string): Locator {
  return page.getByRole("row").filter({ hasText: email }).filter({ visible: true });
}

/** The row-actions button of one user on the Users page (RowActions: "Actions for <email>", docs/design.md). */
export function actionsOf(page: Page, email: string): Locator {
  return page.getByRole("button", { name: `Actions for ${email}`, exact: true });
}

/** The shell's user menu button, "Account: <email>" (the sidebar's on a desktop, the top bar's on a phone). */
export function userMenuButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Account: / }).filter({ visible: true });
}

/** The Users page's "Invite user": a link to /users/invite that opens the invite dialog. */
export function inviteTrigger(page: Page): Locator {
  return page.getByRole("main").getByRole("link", { name: "Invite user", exact: true }).first();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * axe: no serious or critical violations. Each one is reported as
 * "<label>: <rule> (<impact>): <help> — <element> [<why>]", one line per
 * element, so a failure says which page, theme and element to fix. `soft`:
 * the test goes on and fails at its end (a walk through several states).
 */
export async function expectAccessible(page: Page, label: string, { soft = false } = {}) {
  // A page without frames (every page here) is checked in one axe.run: the default mode also opens a blank
  // page to merge the frames' results, and injects axe there again, which is a second of each check for
  // nothing to merge. With frames, the default mode (it looks inside cross-origin ones too).
  const results = await new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  (soft ? expect.soft : expect)(
    bad.flatMap((v) =>
      v.nodes.map((n) => {
        const why = [...n.any, ...n.all, ...n.none].map((check) => check.message).find(Boolean);
        return `${label}: ${v.id} (${v.impact}): ${v.help} — ${n.target.join(" ")}${why ? ` [${why}]` : ""}`;
      }),
    ),
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

/**
 * `prefix`, `separator`, then what no other test nor an earlier run on the
 * same store has used (the time, and a random number): names the tests can
 * find theirs by among what other specs made.
 */
export function unique(prefix: string, separator = " "): string {
  return `${prefix}${separator}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

export function uniqueEmail(prefix: string): string {
  return `${unique(prefix, "-")}@e2e.test`;
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
}

/**
 * The store's development outbox (GET /dev/outbox: development mode, loopback
 * only, with the token of a user who may manage users: accessTokenOf the
 * owner's context), newest first.
 */
export async function readOutbox(token: string): Promise<OutboxMail[]> {
  const response = await fetch(`${e2e.storeUrl}/dev/outbox`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status, "the e2e store serves its outbox to a user with manage_users").toBe(200);
  return (await response.json()) as OutboxMail[];
}

/** The set-password link of the newest mail to `email`, read with `token` (readOutbox). */
export async function setPasswordLinkFor(token: string, email: string): Promise<string> {
  const mail = (await readOutbox(token)).find((m) => m.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/account\/set-password\?token=[^\s<>"]+/)?.[0];
  if (!link) throw new Error(`no set-password link in the outbox for ${email}`);
  return link;
}

export type FocusStop =
  | { kind: "none" | "repeat" }
  | { kind: "element"; element: string; problems: Partial<Record<"light" | "dark", string | null>> };

/**
 * What has focus now, and whether its focus style shows in each theme. The
 * dashboard's theme is `<html data-theme>` (switched in place, as its theme
 * switch does); the store's pages follow the system's colour scheme.
 */
export async function inspectFocus(page: Page, site: "dashboard" | "store"): Promise<FocusStop> {
  // The dashboard's stop in one round trip to the page (a walk takes up to 60 stops a page).
  const seen = await page.evaluate(focusInPage, { track: true, themes: site === "dashboard" ? ["light", "dark"] : [] });
  if (seen.kind !== "element") return { kind: seen.kind };
  const problems: Partial<Record<"light" | "dark", string | null>> = { ...seen.problems };
  if (site === "store") {
    for (const theme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: theme });
      Object.assign(problems, (await page.evaluate(focusInPage, { track: false, themes: [theme] })).problems);
    }
  }
  return { kind: "element", element: seen.element, problems };
}

/**
 * In the page: with `track`, the focused element's description, or "repeat"
 * when it had focus before (else the focused element, unnamed); then, for each
 * of `themes`, why it shows no focus style (focusProblem).
 */
function focusInPage({ track, themes }: { track: boolean; themes: string[] }): {
  kind: "none" | "repeat" | "element";
  element: string;
  problems: Record<string, string | null>;
} {
  const seen = track ? trackFocus() : { kind: "element" as const, element: "" };
  if (seen.kind !== "element") return { kind: seen.kind, element: "", problems: {} };
  return { kind: "element", element: seen.element, problems: themes.length ? focusProblem(themes) : {} };

  /** In the page: the focused element's description, or "repeat" when it had focus before. */
  function trackFocus(): { kind: "none" | "repeat" } | { kind: "element"; element: string } {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return { kind: "none" };
    const w = window as unknown as { __e2eFocusSeen?: WeakSet<Element> };
    w.__e2eFocusSeen ??= new WeakSet();
    if (w.__e2eFocusSeen.has(el)) return { kind: "repeat" };
    w.__e2eFocusSeen.add(el);
    const text = (t: string | null | undefined) => t?.trim().replace(/\s+/g, " ").slice(0, 60);
    const name =
      el.getAttribute("aria-label") ||
      text((el as HTMLInputElement).labels?.[0]?.innerText) ||
      text((el as HTMLElement).innerText) ||
      el.getAttribute("name") ||
      el.id;
    const role = el.getAttribute("role") ?? el.getAttribute("type");
    return { kind: "element", element: `<${el.tagName.toLowerCase()}${role ? ` ${role}` : ""} "${name}">` };
  }

  /**
   * In the page: for each theme (switched through `<html data-theme>` when given
   * a name), why the focused element shows no focus style, or null when it does.
   * A visually hidden control (a radio of a segmented switch) shows its focus on
   * the nearest ancestor one can see.
   */
  function focusProblem(themeNames: string[]): Record<string, string | null> {
    const alpha = (color: string) => {
      if (color === "transparent") return 0;
      const rgba = /^rgba\([^,]+,[^,]+,[^,]+,\s*([\d.]+)\)$/.exec(color);
      if (rgba) return Number(rgba[1]);
      const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(color);
      if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
      return 1;
    };
    const ringInShadow = (boxShadow: string) =>
      boxShadow !== "none" &&
      boxShadow.split(/,(?![^(]*\))/).some((layer) => {
        const color = /(?:rgba?|hsla?|oklch|oklab|lab|lch|color)\([^)]*\)|transparent/.exec(layer)?.[0] ?? "";
        const lengths = layer.replace(color, "").match(/-?[\d.]+px/g) ?? [];
        const spread = parseFloat(lengths[3] ?? "0");
        return alpha(color) > 0 && spread >= 2;
      });
    const shows = (node: Element) => {
      const s = getComputedStyle(node);
      const outline = s.outlineStyle !== "none" && parseFloat(s.outlineWidth) >= 2 && alpha(s.outlineColor) > 0;
      return outline || ringInShadow(s.boxShadow);
    };
    const describe = (node: Element) => {
      const s = getComputedStyle(node);
      return `outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}, box-shadow ${s.boxShadow}`;
    };
    const hidden = (node: Element) => {
      const r = node.getBoundingClientRect();
      return r.width <= 1 || r.height <= 1;
    };

    const el = document.activeElement!;
    const root = document.documentElement;
    const before = root.dataset.theme;
    const result: Record<string, string | null> = {};
    for (const theme of themeNames) {
      if (themeNames.length > 1) root.dataset.theme = theme;
      let shown: Element | null = el;
      // A visually hidden control: the nearest ancestor one can see carries the focus style.
      for (let i = 0; shown && hidden(shown) && i < 4; i++) shown = shown.parentElement;
      if (!shown || hidden(shown)) {
        result[theme] = "has focus but cannot be seen";
      } else if (!shown.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
        result[theme] = "has focus but is invisible (opacity or visibility)";
      } else if (!shows(shown)) {
        result[theme] =
          `shows no focus style (${shown === el ? "" : `on its visible ancestor <${shown.tagName.toLowerCase()}>: `}${describe(shown)})`;
      } else {
        result[theme] = null;
      }
    }
    if (before === undefined) delete root.dataset.theme;
    else root.dataset.theme = before;
    return result;
  }
}

/** Opens the row menu of one user on the Users page (`actionsOf`) and chooses `item` ("Deactivate", "Delete"…). */
export async function chooseUserAction(page: Page, email: string, item: string) {
  await actionsOf(page, email).click();
  await page.getByRole("menu").getByRole("menuitem", { name: item, exact: true }).click();
}

/** A toast saying exactly `text` (sonner, in the dashboard's "Notifications" region: components/ui/toast.tsx). */
export function toastSaying(page: Page, text: string): Locator {
  return page.getByRole("region", { name: /^Notifications/ }).getByText(text, { exact: true });
}

/**
 * Closes the toast saying `text`, as a person does whose next click it covers: sonner keeps a toast while
 * the pointer rests on it, and one shown under the button just clicked (bottom right, over a form's last
 * row) would wait there, taking the next click on that button, for as long as the pointer stays.
 */
export async function dismissToast(page: Page, text: string) {
  const item = page
    .getByRole("region", { name: /^Notifications/ })
    .getByRole("listitem")
    .filter({ hasText: text });
  await item.getByRole("button", { name: "Dismiss notification" }).click();
  await expect(item).toHaveCount(0);
}

/**
 * From now on, every console error and uncaught error of `page`, each in a
 * line ("console error: … (at <url>)", "page error: …"), for a test to fail
 * on: a clean page logs none. `expected(text, url)` names a console error the
 * test causes on purpose (an error page's own failed load: its status).
 */
export function watchConsole(page: Page, expected: (text: string, url: string) => boolean = () => false) {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const { url } = message.location();
    if (expected(message.text(), url)) return;
    problems.push(`console error: ${message.text()}${url ? ` (at ${url})` : ""}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message.split("\n")[0]}`));
  return { problems: () => [...problems] };
}

/**
 * An order of the seeded store at `storeUrl` (the bulk store: its storefront orders include pending and
 * failed ones, which the store's API cannot make) in `state`, neither fulfilled nor cancelled.
 */
export async function seededOpenOrder(
  storeUrl: string,
  token: string,
  state: "paid" | "pending" | "failed",
): Promise<number> {
  const { status, body } = await storeRequest(storeUrl, token, "GET", `/api/v1/orders/${state}?count=250`);
  expect(status).toBe(200);
  const found = (body as { order_number: number; fulfilled: boolean; cancelled?: boolean }[]).find(
    (o) => !o.fulfilled && o.cancelled !== true,
  );
  expect(found, `an unfulfilled ${state} order in the seed`).toBeDefined();
  return found!.order_number;
}

/** The owner's store access token, from a signed-in session of the dashboard (for set-up through the store's API). */
export async function ownerTokenFrom(browser: Browser): Promise<string> {
  const context = await browser.newContext({ baseURL: e2e.dashboardUrl });
  try {
    const page = await context.newPage();
    await signedIn(page, e2e.owner, "/");
    return await accessTokenOf(context);
  } finally {
    await context.close();
  }
}
