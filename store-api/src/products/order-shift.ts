import { and, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import type { Queryable } from "../db/index.js";
import { products } from "../db/schema/index.js";

/**
 * The list's order (docs/contract.md#catalogue-and-settings): a product created at a place makes room
 * there, one moved to another place moves the ones between. Both under one lock ("product order"),
 * so that requests at once take turns.
 *
 * A shift is the one write that changes every product after a place: the catalogue's changes
 * (./changes.ts) keep it as one line of product_order_shifts (drizzle/0010_order_shifts.sql), not product
 * by product, as a product created at the top moves 100,000 others; a client that holds the catalogue
 * moves its rows the same way. A move of at most MOST_CHANGED places is listed product by product like any
 * change.
 */

/** Past this many products changed, the catalogue's changes say "read the list again" (./changes.ts). */
export const MOST_CHANGED = 2000;
/**
 * The shifts kept for the catalogue's changes (an older one let go moves changes_from past it): as many as
 * one answer lists, since a client further behind reads the list again anyway.
 */
export const KEPT_SHIFTS = MOST_CHANGED;

/** What a shift did: every product whose order was from `from` to `to` (null: no end) moved by `by`. */
export interface OrderShift {
  from: number;
  to: number | null;
  by: 1 | -1;
}

async function lockOrder(q: Queryable) {
  await q.execute(sql`select pg_advisory_xact_lock(hashtext('product order'))`);
}

/**
 * Runs `shift`, over `span` places: past MOST_CHANGED it is kept as one line (the triggers read the flag
 * and list none of the products it moved), and the oldest lines past KEPT_SHIFTS are let go.
 */
async function shiftOrders(q: Queryable, span: number, line: OrderShift, shift: () => Promise<unknown>) {
  if (span <= MOST_CHANGED) {
    await shift();
    return;
  }
  await q.execute(sql`select set_config('store.order_shift', 'on', true)`);
  await shift();
  await q.execute(sql`select set_config('store.order_shift', '', true)`);
  await q.execute(sql`
    with added as (
      insert into product_order_shifts (from_order, to_order, "by") values (${line.from}, ${line.to}, ${line.by})
      returning id
    ), gone as (
      delete from product_order_shifts where id <= (select id from added) - ${KEPT_SHIFTS} returning version
    )
    update catalogue_version set changes_from = greatest(changes_from, (select max(version) from gone))
    where id = 1 and exists (select 1 from gone where version is not null)`);
}

/**
 * Makes room at `order`: every product at or after it moves down one. A product already at the last
 * position a column can hold stays there (equal orders list newest first): moving it would overflow
 * the column. How many it moves is not known before: kept as a shift of every product.
 */
export async function shiftFrom(q: Queryable, order: number) {
  await lockOrder(q);
  await shiftOrders(q, Infinity, { from: order, to: null, by: 1 }, () =>
    q
      .update(products)
      .set({ order: sql`least(${products.order}, 2147483646) + 1` })
      .where(gte(products.order, order)),
  );
}

/** Moves the products between the product's place and `to` by one, to make room for it there. */
export async function moveInOrder(q: Queryable, product: { id: number; order: number }, to: number) {
  await lockOrder(q);
  // Read again under the lock: a product created meanwhile may have moved this one.
  const [now] = await q.select({ order: products.order }).from(products).where(eq(products.id, product.id));
  const from = now?.order ?? product.order;
  const others = sql`${products.id} <> ${product.id}`;
  if (to < from) {
    await shiftOrders(q, from - to, { from: to, to: from - 1, by: 1 }, () =>
      q
        .update(products)
        .set({ order: sql`${products.order} + 1` })
        .where(and(others, gte(products.order, to), lt(products.order, from))),
    );
  } else if (to > from) {
    await shiftOrders(q, to - from, { from: from + 1, to, by: -1 }, () =>
      q
        .update(products)
        .set({ order: sql`${products.order} - 1` })
        .where(and(others, gt(products.order, from), lte(products.order, to))),
    );
  }
}
