import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/** Where CI's reports go (scripts/lib/phases.mjs decides the same way): REPORTS_DIR, or .reports/ under CI. */
const reportsDir = process.env.REPORTS_DIR || (process.env.CI ? path.resolve(".reports") : undefined);

const chromium = {
  ...devices["Desktop Chrome"],
  // Playwright cannot download its browsers here: Debian's Chromium.
  launchOptions: {
    executablePath: "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  },
};

// Run through `npm run test:e2e` (scripts/e2e.mjs), which starts the store and
// the dashboard and passes their addresses in E2E_* variables.
export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two workers, one per project at most: the page walk (e2e/page-walk.spec.ts, a third of the run) is a
  // project of its own on its own store and dashboard (scripts/e2e.mjs), so it runs beside the other specs,
  // which share the main store (some count its orders, users or products) and so run one at a time.
  workers: 2,
  forbidOnly: !!process.env.CI,
  // A failed test runs once more, traced (`trace` below), and still fails the run: a test that passes
  // only on its second try is flaky, and flaky is a failure here (docs/testing.md#traces).
  retries: 1,
  failOnFlakyTests: true,
  // Budgets against a hang, not timing checks: a walk through several pages, each rendered by the
  // dashboard's server and the store, on a two-core CI machine that also runs both servers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // What the run leaves behind besides reports: with E2E_SCREENSHOTS=1, screenshots of every page
  // (e2e/page-walk.spec.ts) in <artifactsDir>/screenshots/<page>-<width>-<theme>.png.
  // Not `outputDir` (test-results/), which Playwright empties on every run.
  metadata: { artifactsDir: "e2e-artifacts" },
  // Under CI (or with REPORTS_DIR) a JSON report too, which scripts/ci-report.mjs reads for the slowest tests.
  reporter: [
    ["list"],
    ...(process.env.CI ? [] : [["html", { open: "never" }] as const]),
    ...(reportsDir ? [["json", { outputFile: path.join(reportsDir, "playwright.json") }] as const] : []),
  ],
  use: {
    baseURL: process.env.E2E_DASHBOARD_URL ?? "http://localhost:3100",
    // Recording a trace costs a fifth of the run's time (its screencast and snapshots, in the browser and the
    // worker), so the first try records none and the retry of a failed test records one; `--trace on`
    // records every test (docs/testing.md#traces).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    // The stored sign-ins of the people most specs use (e2e/support.ts `signedIn`, docs/testing.md).
    { name: "sign-ins", testMatch: "sign-ins.setup.ts", use: chromium },
    {
      name: "chromium",
      testIgnore: ["page-walk.spec.ts", "big-catalogue.spec.ts"],
      dependencies: ["sign-ins"],
      workers: 1,
      use: chromium,
    },
    {
      name: "page-walk",
      // Then, on the same worker, the catalogue of 100,000 products (its own store and dashboard too).
      testMatch: ["page-walk.spec.ts", "big-catalogue.spec.ts"],
      // Not that the walk needs the stored sign-ins: Playwright runs a project that depends on another only
      // once every project without one has ended, so without this the walk (7 minutes) would run first,
      // alone, and the other specs after it rather than beside it.
      dependencies: ["sign-ins"],
      workers: 1,
      use: { ...chromium, baseURL: process.env.E2E_WALK_DASHBOARD_URL ?? "http://localhost:3104" },
    },
  ],
});
