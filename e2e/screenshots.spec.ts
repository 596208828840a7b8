import fs from "node:fs";
import path from "node:path";
import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { type Prepared, type Theme, type Visitor, openContext, openPage, prepare, sitePages, themes } from "./pages";

// Every page of e2e/pages.ts on a desktop (1280 px) and a phone (390 px),
// saved as <artifactsDir>/screenshots/<page>-<width>-<theme>.png
// (playwright.config.ts) for people to look at: no assertion on pixels. On a
// phone no page may be wider than the screen. A run takes the desktop in light
// and the phone in dark (each theme and each width once: the a11y walk covers
// both themes at 1280); E2E_SCREENSHOTS=all takes all four. With
// UPDATE_DOCS_SCREENSHOT=1 the run also refreshes docs/images/dashboard.png,
// the picture of the README's tour.

const desktop = { width: 1280, height: 800 } as const;
const phone = { width: 390, height: 844 } as const;
const shots: { viewport: { width: number; height: number }; theme: Theme }[] =
  process.env.E2E_SCREENSHOTS === "all"
    ? [desktop, phone].flatMap((viewport) => themes.map((theme) => ({ viewport, theme })))
    : [
        { viewport: desktop, theme: "light" },
        { viewport: phone, theme: "dark" },
      ];

let prepared: Prepared;
test.beforeAll(async ({ browser }) => {
  prepared = await prepare(browser);
});
test.afterAll(async () => {
  await prepared?.cleanUp();
});

for (const { viewport, theme } of shots) {
  {
    test(`every page at ${viewport.width} px, ${theme}`, async ({ browser }) => {
      test.slow();
      const folder = path.join(String(test.info().config.metadata.artifactsDir), "screenshots");
      fs.mkdirSync(folder, { recursive: true });
      // One context per visitor for the whole walk: signed in once (prepare), not once a page.
      const contexts = new Map<Visitor, BrowserContext>();
      const overflowing: string[] = [];
      const unopened: string[] = [];
      try {
        for (const sitePage of sitePages) {
          let context = contexts.get(sitePage.visitor);
          if (!context) {
            context = await openContext(browser, prepared, sitePage.visitor, theme, viewport);
            contexts.set(sitePage.visitor, context);
          }
          const page = await context.newPage();
          try {
            await openPage(page, sitePage, prepared.fixtures, theme);
            await settle(page);
            if (viewport.width < 768) {
              const overflow = await horizontalOverflow(page);
              if (overflow) overflowing.push(`${sitePage.name} (${theme}): ${overflow}`);
            }
            await page.screenshot({
              path: path.join(folder, `${sitePage.name}-${viewport.width}-${theme}.png`),
              fullPage: true,
            });
            if (process.env.UPDATE_DOCS_SCREENSHOT === "1" && isDocsShot(sitePage.name, viewport.width, theme)) {
              // The window, not the full page: the README shows what a person sees first.
              await page.screenshot({ path: path.join("docs", "images", "dashboard.png") });
            }
          } catch (error) {
            // One page that does not open must not cost the pictures of the others.
            const message = error instanceof Error ? error.message : String(error);
            unopened.push(`${sitePage.name}: ${message.replace(/\u001b\[\d+m/g, "").slice(0, 400)}`);
            // What it showed instead, for whoever fixes it.
            await page
              .screenshot({ path: path.join(folder, `${sitePage.name}-${viewport.width}-${theme}.failed.png`) })
              .catch(() => undefined);
          } finally {
            await page.close();
          }
        }
      } finally {
        for (const context of contexts.values()) await context.close();
      }
      expect(unopened, "pages that did not open").toEqual([]);
      expect(overflowing, `pages wider than a ${viewport.width} px screen`).toEqual([]);
    });
  }
}

/** The README's picture: the Users page on a desktop, light. */
function isDocsShot(name: string, width: number, theme: Theme) {
  return name === "users" && width === 1280 && theme === "light";
}

/** Fonts loaded, so the picture shows the page as a person sees it (the page itself waited for its load event). */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
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
