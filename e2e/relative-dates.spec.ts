import { expect, test } from "@playwright/test";
import { accessTokenOf, e2e, signedIn, storeApi, unique } from "./support";

/**
 * Relative dates count days by the calendar, in the person's zone (lib/relative-time.ts): on Dec 2,
 * an order of Nov 30 was "2 days ago" whether it came at 9:35 AM or at 2:38 PM. The browser's clock is
 * set to five past midnight two days after the newest order, in a zone where that order came in the
 * afternoon or evening: less than 36 hours before, which counting by hours called "yesterday".
 */
const ZONES = [
  { timeZone: "UTC", offsetHours: 0 },
  { timeZone: "Asia/Shanghai", offsetHours: 8 },
  { timeZone: "Pacific/Pitcairn", offsetHours: -8 },
];

test("the orders list says '2 days ago' for an order of two calendar days before, not 'yesterday'", async ({
  browser,
}) => {
  const setUp = await browser.newContext();
  const page = await setUp.newPage();
  await signedIn(page, e2e.owner, "/orders");
  const token = await accessTokenOf(setUp);
  // An order of our own, the newest in the store.
  const product = await storeApi(token, "POST", "/api/v1/products", {
    name: unique("Calendar mug"),
    price: "9.00",
    quantity: "5",
  });
  expect(product.status, JSON.stringify(product.body)).toBe(201);
  const { body: full } = await storeApi(token, "GET", `/api/v1/products/${(product.body as { key: string }).key}`);
  const address = (prefix: "bill" | "ship") => ({
    [`${prefix}_first_name`]: "Dana",
    [`${prefix}_last_name`]: "Calendar",
    [`${prefix}_street1`]: "2 Day Street",
    [`${prefix}_city`]: "Springfield",
    [`${prefix}_state`]: "IL",
    [`${prefix}_postal_code`]: "62701",
    [`${prefix}_country`]: "US",
    [`${prefix}_email`]: "dana@example.com",
  });
  const created = await storeApi(token, "POST", "/api/v1/orders", {
    ...address("bill"),
    ...address("ship"),
    line_1_product_option: (full as { options: { key: string }[] }).options[0]!.key,
    line_1_quantity: "1",
    send_notifications: "false",
  });
  expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
  const newest = (Array.isArray(created.body) ? created.body[0] : created.body) as {
    order_number: number;
    created: number;
  };
  await setUp.close();

  // A zone where the order's time of day is 13:00 or later (three zones 8 hours apart: one always is).
  const zone = ZONES.find(({ offsetHours }) => {
    const hour = new Date((newest.created + offsetHours * 3600) * 1000).getUTCHours();
    return hour >= 13;
  })!;
  const local = new Date((newest.created + zone.offsetHours * 3600) * 1000);
  const twoDaysOn = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 2, 0, 5);
  const now = twoDaysOn - zone.offsetHours * 3600_000;
  expect(now / 1000 - newest.created).toBeLessThan(36 * 3600);

  const context = await browser.newContext({ timezoneId: zone.timeZone });
  const viewer = await context.newPage();
  await viewer.clock.setFixedTime(now);
  await signedIn(viewer, e2e.owner, "/orders");
  const row = viewer
    .getByRole("row")
    .filter({ hasText: `#${newest.order_number}` })
    .first();
  await expect(row.locator("time")).toContainText("2 days ago");
  await expect(row.locator("time")).not.toContainText("yesterday");
  await context.close();
});
