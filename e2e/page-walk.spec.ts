import fs from "node:fs";
import path from "node:path";
import { type Page, test as base, expect } from "@playwright/test";
import { type Prepared, type SitePage, type Theme, openContext, openPage, prepare, sitePages } from "./pages";
import { expectAccessible, inspectFocus, watchConsole } from "./support";

// Every page of e2e/pages.ts, walked once (two loads: light, then dark):
// - axe finds no serious or critical violation, in light and in dark (the report
//   names the rule, the element, the page and the theme);
// - Tab by Tab, every element that takes focus shows a focus style one can see
//   (an outline of at least 2px that is not transparent, or a box-shadow ring of
//   at least 2px), in light and in dark; on the dashboard's pages the first stop
//   is the skip link;
// - on a phone (390 px) no page is wider than the screen;
// - the browser's console shows no error and the page throws none, in either
//   load (from the first navigation on, sign-in redirects included), except the
//   failed load of an error page's own status (SitePage.errorStatus);
// - with E2E_SCREENSHOTS=1, screenshots for people to look at, no assertion on
//   pixels: the desktop (1280 px) in light and the phone in dark, saved as
//   <artifactsDir>/screenshots/<page>-<width>-<theme>.png (playwright.config.ts).
//   They cost about a minute of a run that nobody looks at in CI, so they are
//   taken only when asked. With UPDATE_DOCS_SCREENSHOT=1 the run also refreshes
//   docs/images/dashboard.png, the picture of the README's tour.
// One test per page, so that a failure names it. It used to be three walks
// (axe, focus, screenshots) of five loads a page; one walk of two loads checks
// the same and takes a third of the time.

// The walk runs beside the other specs (its own Playwright project and worker: playwright.config.ts), on
// its own store and dashboard (scripts/e2e.mjs: E2E_WALK_*): this worker's e2e.* (e2e/support.ts) name them.
const test = base.extend<object, { walkStore: void }>({
  walkStore: [
    async ({}, use) => {
      for (const name of ["DASHBOARD_URL", "STORE_URL", "CLIENT_ID", "CLIENT_SECRET"]) {
        const value = process.env[`E2E_WALK_${name}`];
        if (!value) throw new Error(`E2E_WALK_${name} is not set: run the e2e tests with \`npm run test:e2e\`.`);
        process.env[`E2E_${name}`] = value;
      }
      await use();
    },
    { scope: "worker", auto: true },
  ],
});

const desktop = { width: 1280, height: 800 } as const;
const phone = { width: 390, height: 844 } as const;
const MAX_STOPS = 60;
const screenshots = process.env.E2E_SCREENSHOTS === "1";

let prepared: Prepared;
test.beforeAll(async ({ browser }) => {
  prepared = await prepare(browser);
});
test.afterAll(async () => {
  await prepared?.cleanUp();
});

for (const sitePage of sitePages) {
  test(`${sitePage.name}: accessible and focus visible (light and dark), fits a phone`, async ({ browser }) => {
    // Every check runs, and the test fails at the end with all that was found.
    const soft = { soft: true };
    const folder = path.join(String(test.info().config.metadata.artifactsDir), "screenshots");
    if (screenshots) fs.mkdirSync(folder, { recursive: true });

    // Light, on a desktop.
    const light = await openContext(browser, prepared, sitePage.visitor, "light", desktop);
    try {
      const page = await light.newPage();
      const consoleErrors = watchConsole(page, ownStatus(sitePage, page));
      await openPage(page, sitePage, prepared.fixtures, "light");
      await settle(page);
      if (screenshots) {
        await page.screenshot({ path: shotPath(folder, sitePage, desktop.width, "light"), fullPage: true });
      }
      if (process.env.UPDATE_DOCS_SCREENSHOT === "1" && sitePage.name === "users") {
        // The window, not the full page: the README shows what a person sees first.
        await page.screenshot({ path: path.join("docs", "images", "dashboard.png") });
      }
      await expectAccessible(page, `${sitePage.name} (light)`, soft);
      expect.soft(await focusProblems(page, sitePage), "focus styles one cannot see").toEqual([]);
      expect.soft(consoleErrors.problems(), `${sitePage.name} (light): errors in the browser's console`).toEqual([]);
    } finally {
      await light.close();
    }

    // Dark: loaded afresh (the dashboard renders its theme cookie's choice), then narrowed to a phone.
    const dark = await openContext(browser, prepared, sitePage.visitor, "dark", desktop);
    try {
      const page = await dark.newPage();
      const consoleErrors = watchConsole(page, ownStatus(sitePage, page));
      await openPage(page, sitePage, prepared.fixtures, "dark");
      await expectAccessible(page, `${sitePage.name} (dark)`, soft);
      await page.setViewportSize(phone);
      // The page has laid itself out for the phone (a resize is a frame away).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await settle(page);
      expect.soft(await horizontalOverflow(page), `${sitePage.name} wider than a ${phone.width} px screen`).toBeNull();
      if (screenshots) await page.screenshot({ path: shotPath(folder, sitePage, phone.width, "dark"), fullPage: true });
      expect.soft(consoleErrors.problems(), `${sitePage.name} (dark): errors in the browser's console`).toEqual([]);
    } finally {
      await dark.close();
    }
  });
}

/** The console line of an error page's own status (its document's failed load), which the page means to show. */
function ownStatus(sitePage: SitePage, page: Page) {
  return (text: string, url: string) =>
    sitePage.errorStatus !== undefined &&
    url === page.url() &&
    text.startsWith(`Failed to load resource: the server responded with a status of ${sitePage.errorStatus} `);
}

function shotPath(folder: string, sitePage: SitePage, width: number, theme: Theme) {
  return path.join(folder, `${sitePage.name}-${width}-${theme}.png`);
}

/** Fonts loaded, so the picture shows the page as a person sees it (the page itself waited for its load event). */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/**
 * Tabs through the page until focus comes round, and names each stop whose
 * focus style one cannot see, in light and in dark. Fails when a page with
 * something to use lets Tab reach nothing.
 */
async function focusProblems(page: Page, sitePage: SitePage): Promise<string[]> {
  const problems: string[] = [];
  let checked = 0;
  let stops = 0;
  // An element focused on load (autofocus) is the first stop.
  let stop = await inspectFocus(page, sitePage.site);
  for (; stops < MAX_STOPS; stops++) {
    if (stop.kind === "element") {
      checked++;
      for (const [theme, problem] of Object.entries(stop.problems)) {
        if (problem) problems.push(`${sitePage.name} (${theme}): ${stop.element} ${problem}`);
      }
    } else if (stop.kind === "repeat" || stops > 0) {
      break; // Focus went round: every stop was seen.
    }
    await page.keyboard.press("Tab");
    if (stops === 0 && sitePage.shell) {
      await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
    }
    stop = await inspectFocus(page, sitePage.site);
  }
  // A page with something to use lets Tab reach it (a bare message page has nothing).
  if (await hasTabbable(page)) expect(checked, `${sitePage.name}: Tab reaches nothing`).toBeGreaterThan(0);
  return problems;
}

/** Whether the page shows anything that Tab should reach. */
function hasTabbable(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
      ),
    ].some((el) => el.checkVisibility({ visibilityProperty: true }) && el.getClientRects().length > 0),
  );
}

/**
 * Whether the page scrolls sideways (`scrollWidth` beyond `clientWidth`), and
 * if so the outermost elements that stick out, to say what to fix.
 */
async function horizontalOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    if (root.scrollWidth <= width + 1) return null;
    const culprits: string[] = [];
    for (const el of document.body.querySelectorAll("*")) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.right <= width + 1) continue;
      // Report the outermost one: its parent fits.
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 1) continue;
      const label = (el.getAttribute("aria-label") ?? (el as HTMLElement).innerText ?? "").trim().slice(0, 40);
      culprits.push(
        `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${label}" ends at ${Math.round(rect.right)} px`,
      );
      if (culprits.length === 3) break;
    }
    return `scrollWidth ${root.scrollWidth} > clientWidth ${width}: ${culprits.join("; ")}`;
  });
}
