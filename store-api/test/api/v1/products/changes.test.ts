import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEPT_SHIFTS } from "../../../../src/products/order-shift.js";
import { api, createProduct, expectError, startStoreWithAdmin, type TestStore } from "../../../helpers/index.js";

/**
 * The catalogue's changes since a version (`GET /products_changes?since=N`, an extension:
 * docs/contract.md#extensions). What it must hold to: a client that read every product at version N and
 * applies the changes (each product listed in whole, each key removed taken out) holds what a fresh
 * read holds, at the version the answer says. A shift of the list's order is one line of `shifts` for a
 * client that asks with `shifts=1`, and a change of a group or a category's name one line of `parts` for
 * one that asks with `parts=1` (each incomplete for a client that does not ask). A change that moves every
 * product otherwise (a table emptied, a seed) is not listed: the answer says `complete: false`.
 */

type Product = { key: string; name: string } & Record<string, unknown>;
interface Changes {
  since: number;
  version: number;
  complete: boolean;
  products: Product[];
  removed: string[];
  shifts?: { version: number; from: number; to: number | null; by: number }[];
  parts?: { version: number; kind: string; id: number; from: string | null; to: string | null }[];
}

let store: TestStore;
let admin: string;

beforeAll(async () => {
  ({ store, admin } = await startStoreWithAdmin({ rateLimit: 0 }));
  const group = await api(store, admin, "POST", "/shipping_groups", { name: "Parcels" });
  expect(group.status, group.text).toBe(201);
  for (let i = 1; i <= 6; i++)
    await createProduct(store, admin, {
      name: `Lamp ${i}`,
      order: String(i * 10),
      reorder_products: "false",
      categories: "Lights",
      shipping_group: String(group.json[0].id),
      options: JSON.stringify(
        ["S", "M"].map((size, j) => ({ metadata: { Size: size }, quantity: j + 1, surcharge: 0 })),
      ),
    });
});
afterAll(() => store.close());

/** Every product (one page: the tests make few), and the catalogue's version said with it. */
async function readAll(): Promise<{ version: number; products: Map<string, Product> }> {
  const res = await api(store, admin, "GET", "/products?count=250");
  expect(res.status, res.text).toBe(200);
  return {
    version: Number(res.res.headers.get("x-catalogue-version")),
    products: new Map((res.json as Product[]).map((p) => [p.key, p])),
  };
}

async function changesSince(since: number | string, shifts = false, parts = false): Promise<Changes> {
  const asked = `${shifts ? "&shifts=1" : ""}${parts ? "&parts=1" : ""}`;
  const res = await api(store, admin, "GET", `/products_changes?since=${since}${asked}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Changes;
}

/**
 * What a client that read at `before` holds once it applied `changes`: its rows shifted, its groups read
 * again and its category names renamed (`parts`), then those listed.
 */
async function applied(before: Map<string, Product>, changes: Changes): Promise<Map<string, Product>> {
  const after = new Map(before);
  for (const part of changes.parts ?? []) {
    const field = part.kind === "category" ? "categories" : part.kind;
    const group = part.kind === "category" ? null : await readGroup(part.kind, part.id);
    for (const [key, product] of after) {
      if (part.kind === "category") {
        const names = product.categories as string[];
        if (names.includes(part.from!))
          after.set(key, { ...product, categories: names.map((name) => (name === part.from ? part.to : name)) });
      } else if ((product[field] as { id?: number } | null)?.id === part.id)
        after.set(key, { ...product, [field]: group });
    }
  }
  for (const shift of changes.shifts ?? [])
    for (const [key, product] of after) {
      const order = product.order as number;
      if (order >= shift.from && (shift.to === null || order <= shift.to))
        after.set(key, { ...product, order: Math.min(order + shift.by, 2147483647) });
    }
  for (const product of changes.products) after.set(product.key, product);
  for (const key of changes.removed) after.delete(key);
  return after;
}

/**
 * A group as GET /shipping_groups/{id} or /tax_groups/{id} shows it now (what its products show); null
 * when it was deleted (its products are listed, as set to no group).
 */
async function readGroup(kind: string, id: number): Promise<unknown> {
  const res = await api(store, admin, "GET", `/${kind}s/${id}`);
  if (res.status === 404) return null;
  expect(res.status, res.text).toBe(200);
  return res.json;
}

/** Sorted by key: the comparison is of what is held, not of the list's order. */
const held = (products: Map<string, Product>) => [...products.entries()].sort(([a], [b]) => a.localeCompare(b));

describe("GET /products_changes (the catalogue's changes extension)", () => {
  it("lists nothing since the present version, and says that version", async () => {
    const now = await readAll();
    const changes = await changesSince(now.version);
    expect(changes).toEqual({ since: now.version, version: now.version, complete: true, products: [], removed: [] });
  });

  it("lists each product changed since, whole, and the keys deleted: applied, they make a fresh read", async () => {
    const before = await readAll();
    const [first, second, third, fourth] = [...before.products.values()].sort((a, b) => a.name.localeCompare(b.name));
    expect((await api(store, admin, "PUT", `/products/${first!.key}`, { name: "Lamp one, renamed" })).status).toBe(200);
    const option = (second!.options as { key: string }[])[1]!;
    const stock = await api(store, admin, "PUT", `/products/${second!.key}/options/${option.key}`, { quantity: "9" });
    expect(stock.status, stock.text).toBe(200);
    const category = await api(store, admin, "POST", `/products/${third!.key}/categories`, { categories: "Sale" });
    expect(category.status, category.text).toBe(200);
    expect((await api(store, admin, "DELETE", `/products/${fourth!.key}`)).status).toBe(200);
    const made = await createProduct(store, admin, { name: "Lamp new", order: "99", reorder_products: "false" });

    const changes = await changesSince(before.version);
    const after = await readAll();
    expect(changes.complete).toBe(true);
    expect(changes.version).toBe(after.version);
    expect(changes.products.map((p) => p.key).sort()).toEqual([first, second, third, made].map((p) => p!.key).sort());
    expect(changes.removed).toEqual([fourth!.key]);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
    // From a version in between: only what changed after it.
    const later = await changesSince(changes.version - 1);
    expect(later.products.map((p) => p.key)).toEqual([made.key]);
  });

  it("a product moved a few places lists the products it moved; applied, they make a fresh read", async () => {
    const before = await readAll();
    const last = [...before.products.values()].find((p) => p.name === "Lamp 6")!;
    const moved = await api(store, admin, "PUT", `/products/${last.key}`, { order: "20" });
    expect(moved.status, moved.text).toBe(200);
    const changes = await changesSince(before.version);
    expect(changes.complete).toBe(true);
    expect(held(await applied(before.products, changes))).toEqual(held((await readAll()).products));
  });

  it("a shift of the list's order is one line for a client that asks for shifts, and incomplete for another", async () => {
    const before = await readAll();
    // At the top of the list (order 1, the others shift down one).
    const top = await createProduct(store, admin, { name: "Lamp on top" });
    const after = await readAll();
    const changes = await changesSince(before.version);
    expect(changes).toMatchObject({ since: before.version, complete: false, products: [], removed: [] });
    expect(changes.version).toBe(after.version);
    expect(changes.shifts).toBeUndefined();
    const shifted = await changesSince(before.version, true);
    expect(shifted).toMatchObject({ complete: true, version: after.version, removed: [] });
    expect(shifted.products.map((p) => p.key)).toEqual([top.key]);
    expect(shifted.shifts).toEqual([{ version: after.version, from: 1, to: null, by: 1 }]);
    expect(held(await applied(before.products, shifted))).toEqual(held(after.products));
    expect(await changesSince(after.version)).toMatchObject({ complete: true, products: [] });

    // A product moved far up: the ones it passed move down one, told as a range.
    const far = await createProduct(store, admin, { name: "Lamp far", order: "5000", reorder_products: "false" });
    const beforeMove = await readAll();
    const moved = await api(store, admin, "PUT", `/products/${far.key}`, { order: "15" });
    expect(moved.status, moved.text).toBe(200);
    const afterMove = await readAll();
    const move = await changesSince(beforeMove.version, true);
    expect(move.shifts).toEqual([{ version: afterMove.version, from: 15, to: 4999, by: 1 }]);
    expect(move.products.map((p) => p.key)).toEqual([far.key]);
    expect(held(await applied(beforeMove.products, move))).toEqual(held(afterMove.products));
    // Both, from before either: each shift in turn.
    expect(held(await applied(before.products, await changesSince(before.version, true)))).toEqual(
      held(afterMove.products),
    );
  });

  it("keeps the last 2,000 shifts (as many as one answer lists): a client older than one let go reads the list again", async () => {
    const before = await readAll();
    // As many shifts since the version before as one answer lists: those made at `before`'s version so
    // far, and the rest as if made then too (one insert, not some 2,000 products).
    const made = (await changesSince(before.version - 1, true)).shifts!.length;
    await store.database.db.execute(
      sql`insert into product_order_shifts (from_order, to_order, "by", version)
          select 1000000, null, 1, ${before.version} from generate_series(${made + 1}::int, ${KEPT_SHIFTS}::int)`,
    );
    expect((await changesSince(before.version - 1, true)).complete).toBe(true);
    await createProduct(store, admin, { name: "Lamp on top again" });
    const after = await readAll();
    // The shifts of `before`'s version are gone: from before it, the list must be read again; from it, not.
    expect((await changesSince(before.version - 1, true)).complete).toBe(false);
    const since = await changesSince(before.version, true);
    expect(since).toMatchObject({ complete: true, version: after.version });
    expect(since.shifts).toEqual([{ version: after.version, from: 1, to: null, by: 1 }]);
  });

  it("a group's change is one line for a client that asks for parts, and incomplete for another", async () => {
    const before = await readAll();
    const groups = await api(store, admin, "GET", "/shipping_groups");
    const id = groups.json[0].id as number;
    const renamed = await api(store, admin, "PUT", `/shipping_groups/${id}`, { name: "Boxes" });
    expect(renamed.status, renamed.text).toBe(200);
    // Its options replaced: one line for the group in that transaction, however many options moved.
    const options = await api(store, admin, "POST", `/shipping_groups/${id}/options`, {
      options: JSON.stringify([
        {
          name: "Ground",
          per_cart_type: "flat_fee",
          per_cart_rate_raw: 5,
          destinations: [{ country: "DE", allowed: true }],
        },
        { name: "Express", per_cart_type: "flat_fee", per_cart_rate_raw: 9 },
      ]),
    });
    expect(options.status, options.text).toBeLessThan(300);
    const after = await readAll();
    expect(await changesSince(before.version)).toMatchObject({ complete: false, products: [], removed: [] });
    const changes = await changesSince(before.version, true, true);
    expect(changes).toMatchObject({ complete: true, version: after.version, products: [], removed: [] });
    expect(changes.parts).toEqual([
      { version: after.version - 1, kind: "shipping_group", id, from: null, to: null },
      { version: after.version, kind: "shipping_group", id, from: null, to: null },
    ]);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
    expect(await changesSince(after.version, true, true)).toMatchObject({ complete: true, parts: [] });
  });

  it("a category renamed elsewhere (psql: the contract cannot rename one) is one line with both names", async () => {
    const before = await readAll();
    await store.database.db.execute(sql`update categories set name = 'Lighting' where name = 'Lights'`);
    // A slug alone is not shown on a product: no line.
    await store.database.db.execute(sql`update categories set slug = 'lighting' where name = 'Lighting'`);
    const after = await readAll();
    const changes = await changesSince(before.version, true, true);
    expect(changes).toMatchObject({ complete: true, version: after.version, products: [] });
    expect(changes.parts).toEqual([expect.objectContaining({ kind: "category", from: "Lights", to: "Lighting" })]);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
  });

  it("a tax group's rules replaced, then one deleted: a line each; applied, they make a fresh read", async () => {
    const made = await api(store, admin, "POST", "/tax_groups", {
      name: "VAT",
      rules: JSON.stringify([{ country: "DE", rate: "19%" }]),
    });
    expect(made.status, made.text).toBe(201);
    const id = made.json.id as number;
    const lamps = [...(await readAll()).products.values()].slice(0, 2);
    for (const lamp of lamps)
      expect((await api(store, admin, "PUT", `/products/${lamp.key}`, { tax_group: String(id) })).status).toBe(200);
    const before = await readAll();
    const rules = await api(store, admin, "POST", `/tax_groups/${id}/rules`, {
      rules: JSON.stringify([
        { country: "DE", rate: "7%" },
        { country: "FR", rate: "20%", on_shipping: true },
      ]),
    });
    expect(rules.status, rules.text).toBeLessThan(300);
    const france = (rules.json as { id: number; country: string }[]).find((r) => r.country === "FR")!;
    expect((await api(store, admin, "DELETE", `/tax_groups/${id}/rules/${france.id}`)).status).toBe(200);
    const after = await readAll();
    const changes = await changesSince(before.version, true, true);
    expect(changes).toMatchObject({ complete: true, version: after.version, products: [], removed: [] });
    expect(changes.parts).toEqual([
      { version: after.version - 1, kind: "tax_group", id, from: null, to: null },
      { version: after.version, kind: "tax_group", id, from: null, to: null },
    ]);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
  });

  it("a group deleted: a line, and its products listed as set to no group; applied, a fresh read", async () => {
    const made = await api(store, admin, "POST", "/shipping_groups", { name: "Pallets" });
    expect(made.status, made.text).toBe(201);
    const id = made.json[0].id as number;
    const lamp = [...(await readAll()).products.values()][2]!;
    expect((await api(store, admin, "PUT", `/products/${lamp.key}`, { shipping_group: String(id) })).status).toBe(200);
    const before = await readAll();
    expect((await api(store, admin, "DELETE", `/shipping_groups/${id}`)).status).toBe(200);
    const after = await readAll();
    const changes = await changesSince(before.version, true, true);
    expect(changes).toMatchObject({ complete: true, version: after.version });
    expect(changes.parts).toEqual([{ version: after.version, kind: "shipping_group", id, from: null, to: null }]);
    expect(changes.products.map((p) => [p.key, p.shipping_group])).toEqual([[lamp.key, null]]);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
  });

  it("forty group changes at once: a line for each one made; applied, they make a fresh read", async () => {
    const before = await readAll();
    const groups = (await api(store, admin, "GET", "/shipping_groups")).json as { id: number }[];
    const taxes = (await api(store, admin, "GET", "/tax_groups")).json as { id: number }[];
    const writes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? api(store, admin, "PUT", `/shipping_groups/${groups[0]!.id}`, { name: `Parcels at once ${i}` })
          : api(store, admin, "POST", `/tax_groups/${taxes[0]!.id}/rules`, {
              rules: JSON.stringify([{ country: "DE", rate: `${i}%` }]),
            }),
      ),
    );
    // On PostgreSQL one account's share of the pool may refuse some (503, nothing changed: docs/contract.md#errors).
    for (const res of writes) expect([200, 201, 503], res.text).toContain(res.status);
    const made = writes.filter((res) => res.status !== 503).length;
    expect(made).toBeGreaterThan(0);
    const changes = await changesSince(before.version, true, true);
    const after = await readAll();
    expect(changes).toMatchObject({ complete: true, version: after.version });
    expect(changes.parts).toHaveLength(made);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
  });

  it("keeps the last 2,000 part changes: a client older than one let go reads the list again", async () => {
    const before = await readAll();
    // Lines as if made at `before`'s version (one insert), numbered so that the next real one lets go of
    // every line 2,000 or more behind it (every 256th line does).
    await store.database.db.execute(
      sql`insert into catalogue_part_changes (kind, ref_id, version)
          select 'tax_group', 0, ${before.version} from generate_series(1, 300)`,
    );
    await store.database.db.execute(
      sql`select setval('catalogue_part_changes_id_seq', ((select max(id) from catalogue_part_changes) / 256 + 9) * 256 - 1)`,
    );
    expect((await changesSince(before.version - 1, true, true)).complete).toBe(true);
    const groups = await api(store, admin, "GET", "/shipping_groups");
    expect((await api(store, admin, "PUT", `/shipping_groups/${groups.json[0].id}`, { name: "Crates" })).status).toBe(
      200,
    );
    const after = await readAll();
    expect((await changesSince(before.version - 1, true, true)).complete).toBe(false);
    expect(await changesSince(before.version, true, true)).toMatchObject({ complete: true, version: after.version });
  });

  it("a change that moves every product otherwise is not listed: complete false, then complete again from its version", async () => {
    const before = await readAll();
    await store.database.db.execute(sql`truncate image_files`);
    const after = await readAll();
    expect(after.version).toBeGreaterThan(before.version);
    expect((await changesSince(before.version, true, true)).complete).toBe(false);
    expect((await changesSince(after.version, true, true)).complete).toBe(true);
  });

  it("forty writes at once: each one made is listed, at the version the last of them brought", async () => {
    const before = await readAll();
    const lamps = [...before.products.values()].slice(0, 4);
    const writes = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api(store, admin, "PUT", `/products/${lamps[i % lamps.length]!.key}`, { name: `Lamp at once ${i}` }),
      ),
    );
    // On PostgreSQL one account's share of the pool may refuse some (503, nothing changed: docs/contract.md#errors).
    for (const res of writes) expect([200, 503], res.text).toContain(res.status);
    const made = new Set(writes.flatMap((res, i) => (res.status === 200 ? [lamps[i % lamps.length]!.key] : [])));
    expect(made.size).toBeGreaterThan(0);
    const changes = await changesSince(before.version);
    const after = await readAll();
    expect(changes).toMatchObject({ complete: true, version: after.version });
    expect(changes.products.map((p) => p.key).sort()).toEqual([...made].sort());
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
  });

  it("forty products made on top at once: their shifts, applied in turn, make a fresh read", async () => {
    const before = await readAll();
    const made = await Promise.all(
      Array.from({ length: 40 }, (_, i) => api(store, admin, "POST", "/products", { name: `Lamp on top ${i}` })),
    );
    // On PostgreSQL one account's share of the pool may refuse some (503, nothing changed: docs/contract.md#errors).
    for (const res of made) expect([201, 503], res.text).toContain(res.status);
    const created = made.filter((res) => res.status === 201).length;
    expect(created).toBeGreaterThan(0);
    const changes = await changesSince(before.version, true);
    const after = await readAll();
    expect(changes).toMatchObject({ complete: true, version: after.version });
    expect(changes.shifts).toHaveLength(created);
    expect(changes.products).toHaveLength(created);
    expect(held(await applied(before.products, changes))).toEqual(held(after.products));
  });

  it("is read as the products list is: a token is needed, and a bad one is refused", async () => {
    expect((await api(store, null, "GET", "/products_changes?since=0")).status).toBe(401);
    expect((await api(store, "not-a-token", "GET", "/products_changes?since=0")).status).toBe(401);
    expect((await api(store, admin, "POST", "/products_changes?since=0")).status).toBe(405);
  });

  it("refuses a version it cannot hold or that is ahead of the catalogue, naming since, and changes nothing", async () => {
    const { version } = await readAll();
    expectError(await api(store, admin, "GET", `/products_changes?since=${version + 1}`), 422, ["since"]);
    expectError(await api(store, admin, "GET", "/products_changes?since=abc"), 422, ["since"]);
    expectError(await api(store, admin, "GET", "/products_changes?since=-1"), 422, ["since"]);
    expectError(await api(store, admin, "GET", "/products_changes"), 422, ["since"]);
    expectError(await api(store, admin, "GET", `/products_changes?since=${version}&shifts=yes`), 422, ["shifts"]);
    expectError(await api(store, admin, "GET", `/products_changes?since=${version}&parts=2`), 422, ["parts"]);
    expect((await readAll()).version).toBe(version);
  });
});
