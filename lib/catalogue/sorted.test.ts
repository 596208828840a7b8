import { describe, expect, it } from "vitest";
import type { BulkProduct } from "../store/products/model-bulk";
import { CatalogueCopy, type CatalogueSource } from "./copy";
import { type ColumnSort, queryCatalogue } from "./query";
import { sortedRows } from "./sorted";
import { testRow } from "./test-row";

/** Rows with many ties (prices in ten steps, names from a few words), so that the store's order decides often. */
function row(i: number, price = (i * 7) % 10): BulkProduct {
  return testRow(`k${i}`, {
    slug: `p${i}`,
    name: ["Mug", "Lamp", "Tee", "Crème", "mug"][i % 5]!,
    sku: `S-${i % 13}`,
    status: i % 4 ? "available" : "hidden",
    price: price * 100,
    salePrice: i % 6 === 0 ? 50 : null,
    quantity: i % 9 === 0 ? -1 : i % 11,
    modified: i % 3,
  });
}

function copyOf(rows: BulkProduct[]) {
  const store = { rows, version: 1 };
  const source: CatalogueSource<string> = {
    async readAll(_reader, onPage) {
      const snapshot = store.rows.slice();
      for (let i = 0; i < snapshot.length; i += 25) onPage(snapshot.slice(i, i + 25), snapshot.length);
    },
    async version() {
      return String(store.version);
    },
  };
  const copy = new CatalogueCopy(source, { maxBytes: 10_000_000, revalidateMs: 60_000, busyShare: 1, idleMs: 0 });
  return { copy, store };
}

const sorts: ColumnSort[] = ["name", "sku", "price", "quantity", "status", "modified"];
const keys = (rows: readonly BulkProduct[]) => rows.map((r) => r.key);

/** What the kept order answers, beside a sort made afresh of the copy's rows, for every column and both ways. */
function expectSameAsAFreshSort(copy: CatalogueCopy<string>) {
  for (const sort of sorts) {
    for (const desc of [false, true]) {
      const fresh = queryCatalogue(copy.rows(), { sort, desc, status: "available" });
      const kept = queryCatalogue(sortedRows(copy, sort), { sort, desc, status: "available" }, { presorted: true });
      expect(keys(kept), `${sort}${desc ? " desc" : ""}`).toEqual(keys(fresh));
    }
  }
}

describe("sortedRows", () => {
  it("answers as a fresh sort does, ties in the store's order, either way", async () => {
    const { copy } = copyOf(Array.from({ length: 120 }, (_, i) => row(i)));
    await copy.use("token");
    await copy.loaded();
    expectSameAsAFreshSort(copy);
    copy.stop();
  });

  it("after writes here (changed, new and deleted rows) puts them in their place, as a fresh sort would", async () => {
    const { copy } = copyOf(Array.from({ length: 120 }, (_, i) => row(i)));
    await copy.use("token");
    await copy.loaded();
    for (const sort of sorts) sortedRows(copy, sort);
    copy.put([row(5, 9), row(17, 0), { ...row(40), name: "Aardvark" }, row(500, 3)]);
    copy.remove(["k8", "k99"]);
    copy.put([{ ...row(17, 4), status: "hidden" }]);
    expect(copy.changedSince(copy.version - 3)).toEqual(new Set(["k5", "k17", "k40", "k500", "k8", "k99"]));
    expectSameAsAFreshSort(copy);
    copy.stop();
  });

  it("after a re-read that changed rows, sorts again whole", async () => {
    const { copy, store } = copyOf(Array.from({ length: 60 }, (_, i) => row(i)));
    await copy.use("token");
    await copy.loaded();
    for (const sort of sorts) sortedRows(copy, sort);
    store.rows = Array.from({ length: 60 }, (_, i) => row(59 - i, i % 3)).filter((_, i) => i % 7);
    store.version++;
    await copy.revalidate();
    expect(copy.changedSince(copy.version - 1)).toBeNull();
    expectSameAsAFreshSort(copy);
    copy.stop();
  });
});
