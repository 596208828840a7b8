import { describe, expect, it } from "vitest";
import type { BulkProduct } from "../store/products/model-bulk";
import { placeRows, renameCategories, shiftRows } from "./changes";
import { type CatalogueChanges, CatalogueCopy, type CatalogueSource } from "./copy";
import { testRow } from "./test-row";

const row = (key: string, order: number | null, name = key): BulkProduct => testRow(key, { order, name });

/** The store's order: by `order`, then newest first (here: the later key). */
const storeOrder = (rows: BulkProduct[]) =>
  rows
    .slice()
    .sort((a, b) => (a.order ?? Infinity) - (b.order ?? Infinity) || b.key.localeCompare(a.key))
    .map((r) => r.key);

describe("placeRows", () => {
  it("puts new and moved rows before the first row of an order not below theirs; the others keep their places", () => {
    const rows = new Map(
      [row("a", 1), row("b", 2), row("c", 2), row("d", 5), row("e", 3), row("f", null)].map((r) => [r.key, r]),
    );
    // e moved from after d (order 9) to 3; f is new, with no order.
    expect(placeRows(["a", "b", "c", "d", "e"], rows, new Set(["e", "f"]))).toEqual(["a", "b", "c", "e", "d", "f"]);
    // A new row of an order some rows have lists before them (the newest first); a key gone is dropped.
    rows.set("g", row("g", 2));
    rows.delete("d");
    expect(placeRows(["a", "b", "c", "d", "e", "f"], rows, new Set(["g"]))).toEqual(["a", "g", "b", "c", "e", "f"]);
  });
});

describe("shiftRows", () => {
  it("moves each row's order by every shift whose range held it then, in turn, but not the rows kept", () => {
    const rows = [row("a", 1), row("b", 5), row("c", 9), row("d", null), row("e", 2_147_483_647), row("k", 5)];
    const moved = shiftRows(
      rows,
      [
        { from: 1, to: null, by: 1 }, // made room at the top: a 2, b 6, c 10 (e stays: the most an order holds)
        { from: 6, to: 9, by: -1 }, // a product moved down past b: b 5, c stays 10
      ],
      (key) => key === "k",
    );
    expect(rows.map((r) => [r.key, r.order])).toEqual([
      ["a", 2],
      ["b", 5],
      ["c", 10],
      ["d", null],
      ["e", 2_147_483_647],
      ["k", 5],
    ]);
    expect(moved).toBe(2);
    expect(shiftRows(rows, [], () => false)).toBe(0);
  });
});

describe("renameCategories", () => {
  it("gives the rows whose categories a rename changed, renamed in turn, as new rows; not the rows kept", () => {
    const lamp = testRow("lamp", { categories: ["Lights", "Sale"] });
    const desk = testRow("desk", { categories: ["Desks"] });
    const kept = testRow("kept", { categories: ["Lights"] });
    const renamed = renameCategories(
      [lamp, desk, kept],
      [
        { from: "Lights", to: "Lighting" },
        { from: "Lighting", to: "Lamps" },
        { from: "Sale", to: "Offers" },
      ],
      (key) => key === "kept",
    );
    expect(renamed.map((r) => [r.key, r.categories])).toEqual([["lamp", ["Lamps", "Offers"]]]);
    expect(lamp.categories).toEqual(["Lights", "Sale"]);
    expect(renameCategories([lamp], [], () => false)).toEqual([]);
  });
});

/** A store that keeps a list of its changes, as ours does (GET /products_changes). */
function listingStore(initial: BulkProduct[]) {
  const store = {
    rows: new Map(initial.map((r) => [r.key, r])),
    version: 1,
    /** key → the version that last changed it */
    log: new Map<string, number>(),
    /** Versions below this are not listed (a change that moved everything). */
    from: 1,
    listing: "yes" as "yes" | "no" | "refused",
    /** The list order's shifts, each with its version (not listed product by product). */
    shifts: [] as { version: number; from: number; to: number | null; by: number }[],
    /** Categories renamed, each with its version (not listed product by product). */
    renames: [] as { version: number; from: string; to: string }[],
    reads: 0,
    asked: 0,
    write(rows: BulkProduct[], removed: string[] = []) {
      store.version++;
      for (const r of rows) {
        store.rows.set(r.key, r);
        store.log.set(r.key, store.version);
      }
      for (const key of removed) {
        store.rows.delete(key);
        store.log.set(key, store.version);
      }
    },
    /** A category renamed (elsewhere: psql), told as one line. */
    renameCategory(from: string, to: string) {
      store.write([]);
      for (const [key, r] of store.rows)
        if (r.categories.includes(from))
          store.rows.set(key, { ...r, categories: r.categories.map((c) => (c === from ? to : c)) });
      store.renames.push({ version: store.version, from, to });
    },
    /** A product created at `at`: every row from there on moves down one, told as one shift. */
    createAt(made: BulkProduct, at: number) {
      store.write([]);
      for (const [key, r] of store.rows)
        if ((r.order ?? 0) >= at) store.rows.set(key, { ...r, order: (r.order ?? 0) + 1 });
      store.shifts.push({ version: store.version, from: at, to: null, by: 1 });
      store.rows.set(made.key, made);
      store.log.set(made.key, store.version);
    },
  };
  const source: CatalogueSource<string> = {
    async readAll(_reader, onPage) {
      store.reads++;
      const all = storeOrder([...store.rows.values()]).map((key) => store.rows.get(key)!);
      onPage(all, all.length);
    },
    async version() {
      return String(store.version);
    },
    async changes(_reader, since): Promise<CatalogueChanges | null> {
      store.asked++;
      if (store.listing === "refused") return null;
      const version = String(store.version);
      if (store.listing === "no" || Number(since) < store.from)
        return { version, complete: false, rows: [], removed: [], shifts: [] };
      const keys = [...store.log].filter(([, v]) => v > Number(since)).map(([k]) => k);
      return {
        version,
        complete: true,
        rows: keys.flatMap((k) => (store.rows.has(k) ? [store.rows.get(k)!] : [])),
        removed: keys.filter((k) => !store.rows.has(k)),
        shifts: store.shifts.filter((shift) => shift.version > Number(since)),
        renames: store.renames.filter((rename) => rename.version > Number(since)),
      };
    },
  };
  return { store, source };
}

const options = { maxBytes: 1_000_000, revalidateMs: 60_000, busyShare: 1, idleMs: 0 };

async function readCopy(source: CatalogueSource<string>, now?: () => number) {
  const copy = new CatalogueCopy(source, { ...options, ...(now ? { now } : {}) });
  await copy.use("token");
  await copy.loaded();
  return copy;
}

const keys = (copy: CatalogueCopy<string>) => copy.rows().map((r) => r.key);

describe("CatalogueCopy with a store that lists its changes", () => {
  it("takes in what changed elsewhere without reading every page again; the result is what a fresh read holds", async () => {
    const { store, source } = listingStore([row("a", 1), row("b", 2), row("c", 3), row("d", 4)]);
    const copy = await readCopy(source);
    store.write([row("b", 2, "Renamed"), row("e", 3), row("d", 1)], ["c"]);
    const before = copy.version;
    expect(await copy.revalidate()).toBe(true);
    expect(store.reads).toBe(1);
    expect(copy.get("b")?.name).toBe("Renamed");
    expect(keys(copy)).toEqual(storeOrder([...store.rows.values()]));
    expect(copy.changedSince(before)).toEqual(new Set(["b", "e", "d", "c"]));
    expect(copy.stats()).toMatchObject({ changes: 1, rereads: 0, products: 4 });
    // Nothing new: one small read, nothing listed.
    expect(await copy.revalidate()).toBe(false);
    expect(store.asked).toBe(1);
  });

  it("a product created at the top elsewhere moves the copy's rows as the store moved its own, without a re-read", async () => {
    const { store, source } = listingStore([row("a", 1), row("b", 2), row("c", 4)]);
    const copy = await readCopy(source);
    store.createAt(row("top", 1), 1);
    store.createAt(row("mid", 4), 4);
    expect(await copy.revalidate()).toBe(true);
    expect(store.reads).toBe(1);
    const fresh = storeOrder([...store.rows.values()]);
    expect(keys(copy)).toEqual(fresh);
    expect(copy.rows().map((r) => r.order)).toEqual(fresh.map((key) => store.rows.get(key)!.order));
    expect(keys(copy)).toEqual(["top", "a", "b", "mid", "c"]);
  });

  it("a category renamed elsewhere renames it in the copy's rows, without a re-read, and says which rows changed", async () => {
    const { store, source } = listingStore([
      testRow("a", { order: 1, categories: ["Lights"] }),
      testRow("b", { order: 2, categories: ["Desks"] }),
      testRow("c", { order: 3, categories: ["Desks", "Lights"] }),
    ]);
    const copy = await readCopy(source);
    const before = copy.version;
    store.renameCategory("Lights", "Lighting");
    expect(await copy.revalidate()).toBe(true);
    expect(store.reads).toBe(1);
    expect(copy.rows().map((r) => r.categories)).toEqual([...store.rows.values()].map((r) => r.categories));
    expect(copy.get("c")?.categories).toEqual(["Desks", "Lighting"]);
    expect(copy.changedSince(before)).toEqual(new Set(["a", "c"]));
  });

  it("reads every page again when the store does not know the changes from the copy's version", async () => {
    const { store, source } = listingStore([row("a", 1), row("b", 2)]);
    const copy = await readCopy(source);
    store.write([row("z", 1)]);
    store.from = store.version;
    expect(await copy.revalidate()).toBe(true);
    expect(store.reads).toBe(2);
    expect(keys(copy)).toEqual(["z", "a", "b"]);
    // From the version of that re-read on, the changes are listed again.
    store.write([row("a", 1, "Renamed")]);
    expect(await copy.revalidate()).toBe(true);
    expect(store.reads).toBe(2);
    expect(copy.get("a")?.name).toBe("Renamed");
  });

  it("a store without the list is read whole, and not asked for it again", async () => {
    const { store, source } = listingStore([row("a", 1)]);
    store.listing = "refused";
    const copy = await readCopy(source);
    store.write([row("a", 1, "One")]);
    expect(await copy.revalidate()).toBe(true);
    store.write([row("a", 1, "Two")]);
    expect(await copy.revalidate()).toBe(true);
    expect(copy.get("a")?.name).toBe("Two");
    expect({ asked: store.asked, reads: store.reads }).toEqual({ asked: 1, reads: 3 });
  });

  it("a row written here after the revalidation began keeps what was written", async () => {
    const { store, source } = listingStore([row("a", 1), row("b", 2)]);
    let now = 1000;
    const copy = await readCopy(source, () => now);
    store.write([row("a", 1, "Elsewhere"), row("b", 2, "Elsewhere too")]);
    const changes = source.changes!.bind(source);
    source.changes = async (reader, since) => {
      const listed = await changes(reader, since);
      now = 2000;
      copy.put([row("a", 1, "Saved here")]);
      return listed;
    };
    now = 1500;
    expect(await copy.revalidate()).toBe(true);
    expect(copy.get("a")?.name).toBe("Saved here");
    expect(copy.get("b")?.name).toBe("Elsewhere too");
  });
});
