// The bulk grid's figures in Chromium, shared by bench/bulk-grid.mjs and bench/inventory.mjs
// (both pages are the same grid: components/grid/grid.tsx).

/**
 * Opens a grid page (`url`) in a new page of `context`: ms from navigation to the first rows shown
 * and to every row loaded (the grid's aria-busy turns false), and its row count (aria-rowcount).
 */
export async function loadGridPage(context, url) {
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  // Plain CSS queries, polled: a role locator (getByRole) recomputes accessible roles and names
  // across the page on every poll, main-thread work that slowed the very load it timed.
  await page.waitForFunction(() => document.querySelector('[role="grid"] [role="row"][aria-rowindex="2"]'), undefined, {
    timeout: 120_000,
    polling: 50,
  });
  const firstRows = performance.now() - started;
  await page.waitForFunction(
    () => document.querySelector('[role="grid"]')?.getAttribute("aria-busy") === "false",
    undefined,
    { timeout: 600_000, polling: 50 },
  );
  const loaded = performance.now() - started;
  const rowCount = Number(await page.locator('[role="grid"]').getAttribute("aria-rowcount")) - 1;
  return { page, firstRows, loaded, rowCount };
}

/**
 * Frame intervals (ms) over `seconds`, measured inside the page with requestAnimationFrame
 * (the renderer's own figures): while the grid scrolls down `rows` rows at a steady speed
 * from the top (0: the page stands still; Infinity: to the bottom).
 */
export async function frameTimes(page, { rows, seconds }) {
  return page.evaluate(
    async ({ rows, seconds, rowHeight }) => {
      const grid = document.querySelector('[role="grid"]');
      grid.scrollTop = 0;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const bottom = grid.scrollHeight - grid.clientHeight;
      const distance = rows === null ? bottom : Math.min(bottom, rows * rowHeight);
      const intervals = [];
      let renderedRows = 0;
      await new Promise((resolve) => {
        let start = null;
        let last = null;
        const tick = (now) => {
          if (start === null) start = now;
          if (last !== null) intervals.push(now - last);
          last = now;
          const progress = Math.min(1, (now - start) / (seconds * 1000));
          grid.scrollTop = distance * progress;
          renderedRows = Math.max(renderedRows, grid.querySelectorAll('[role="row"]').length);
          if (progress < 1) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      return { intervals, distance, renderedRows, reached: grid.scrollTop >= distance - 1 };
    },
    // null (JSON has no Infinity): to the bottom. The grid's rows are 36 px (ROW_HEIGHT, components/grid/grid-layout.ts).
    { rows: Number.isFinite(rows) ? rows : null, seconds, rowHeight: 36 },
  );
}

/**
 * From a click on a column's sort button to the frame after the grid says it is sorted (aria-sort),
 * and from a word typed into the search to the frame after the grid's row count changed: the sort and
 * the filter over every row loaded, React's render and the frame, measured inside the page. `search`:
 * the search field's selector.
 */
export async function sortAndFilterTimes(page, { column, word, search: searchSelector }) {
  const sorted = await page.evaluate(async (label) => {
    const header = [...document.querySelectorAll('[role="grid"] [role="columnheader"]')].find(
      (h) => h.textContent?.trim() === label,
    );
    const started = performance.now();
    header.querySelector("button").click();
    while (header.getAttribute("aria-sort") !== "ascending" && performance.now() - started < 60_000)
      await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - started;
  }, column);
  const before = await page.locator('[role="grid"]').getAttribute("aria-rowcount");
  const search = page.locator(searchSelector);
  await search.focus();
  const filtered = await page.evaluate(
    async ({ word, before, searchSelector }) => {
      const input = document.querySelector(searchSelector);
      const grid = document.querySelector('[role="grid"]');
      const started = performance.now();
      // React's controlled input hears the native setter and an input event, as typing makes them.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, word);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      while (grid.getAttribute("aria-rowcount") === before && performance.now() - started < 60_000)
        await new Promise((r) => setTimeout(r, 0));
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - started;
    },
    { word, before, searchSelector },
  );
  await search.fill("");
  await page.waitForFunction(
    (before) => document.querySelector('[role="grid"]')?.getAttribute("aria-rowcount") === before,
    before,
    { timeout: 60_000 },
  );
  return { sorted, filtered };
}

/** The page's live JavaScript heap (MB): CDP's JSHeapUsedSize after a garbage collection. */
export async function liveHeapMb(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((m) => m.name === "JSHeapUsedSize").value / 2 ** 20;
}
