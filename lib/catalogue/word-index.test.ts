import { describe, expect, it } from "vitest";
import type { BulkProduct } from "../store/products/model-bulk";
import { CatalogueCopy, type CatalogueSource } from "./copy";
import { matching } from "./matching";
import { type CatalogueQuery, queryCatalogue } from "./query";
import { testRow } from "./test-row";
import { buildLater, candidateRows, indexLater } from "./word-index";

const names = ["Organic Cotton Tee", "Crème Brûlée Mug", "Desk Lamp", "Floor lamp", "Steel bottle", "Linen tee"];

/** Rows whose words repeat (so that a search finds many) and whose SKUs and options' SKUs are each their own. */
function row(i: number): BulkProduct {
  const name = `${names[i % names.length]} No. ${i}`;
  return testRow(`k${i}`, {
    name,
    slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    sku: `SKU-${i}`,
    status: i % 4 ? "available" : "hidden",
    price: ((i * 7) % 10) * 100,
    categories: i % 3 ? [] : ["kitchen"],
    stock: ["S", "M"].map((size, j) => ({
      kind: "option" as const,
      key: `k${i}-${j}`,
      isDefault: j === 0,
      values: [size],
      quantity: 1,
      sku: j === 0 ? `SKU-${i}` : `APP-${i}-${size}-NAV`,
    })),
  });
}

/** A copy read whole, its index made (unless `indexed` is false). */
async function readCopy(rows: BulkProduct[], { indexed = true } = {}) {
  const source: CatalogueSource<string> = {
    async readAll(_reader, onPage) {
      for (let i = 0; i < rows.length; i += 50) onPage(rows.slice(i, i + 50), rows.length);
    },
    async version() {
      return "1";
    },
  };
  const copy = new CatalogueCopy(source, { maxBytes: 50_000_000, revalidateMs: 60_000, busyShare: 1, idleMs: 0 });
  await copy.use("reader");
  await copy.loaded();
  if (indexed) await new Promise<void>((resolve) => buildLater(copy, resolve));
  return copy;
}

const keys = (rows: readonly BulkProduct[]) => rows.map((r) => r.key);

const queries: CatalogueQuery[] = [
  { q: "tee" },
  { q: "TEE no" },
  { q: "creme brulee" },
  { q: "lamp", sort: "price" },
  { q: "lamp", sort: "name", desc: true },
  { q: "app-7-m-nav" },
  { q: "SKU-12" },
  { q: "sku-1", status: "hidden" },
  { q: "no 10", category: "kitchen" },
  { q: "1" },
  { q: "zzqx" },
  { q: "lamp towel" },
  { q: "steel-bottle-no-4" },
  { q: "o" },
];

describe("matching: the word index answers what a scan of every row does", () => {
  it("for searches narrow and broad, with filters and sorts", async () => {
    const copy = await readCopy(Array.from({ length: 600 }, (_, i) => row(i)));
    for (const query of queries)
      expect(keys(matching(copy, query)), JSON.stringify(query)).toEqual(keys(queryCatalogue(copy.rows(), query)));
  });

  it("looks only at the rows a query word may find; a word that starts too many rows scans", async () => {
    const copy = await readCopy(Array.from({ length: 600 }, (_, i) => row(i)));
    // The query's most selective word ("7": the rows numbered 7 and 70–79) gives the candidates.
    expect(keys(candidateRows(copy, "app-7-m")!)).toEqual([
      "k7",
      ...Array.from({ length: 10 }, (_, i) => `k${70 + i}`),
    ]);
    expect(candidateRows(copy, "zzqx")).toEqual([]);
    // "no" starts a word of every row ("… No. 12"): no narrowing.
    expect(candidateRows(copy, "no")).toBeNull();
    expect(candidateRows(copy, "  ")).toBeNull();
    // Candidates come in the store's order.
    const found = keys(candidateRows(copy, "creme")!);
    expect(found).toEqual(keys(copy.rows()).filter((key) => found.includes(key)));
  });

  it("after writes here: a renamed row by its new words only, a removed row not at all", async () => {
    const copy = await readCopy(Array.from({ length: 300 }, (_, i) => row(i)));
    expect(keys(matching(copy, { q: "tee" }))).toContain("k0");
    copy.put([{ ...row(0), name: "Zebra rug No. 0", slug: "zebra-rug" }]);
    copy.remove(["k6"]);
    expect(keys(matching(copy, { q: "zebra" }))).toEqual(["k0"]);
    expect(keys(matching(copy, { q: "tee" }))).not.toContain("k0");
    expect(keys(matching(copy, { q: "tee" }))).not.toContain("k6");
    for (const query of queries) expect(keys(matching(copy, query))).toEqual(keys(queryCatalogue(copy.rows(), query)));
  });

  it("is made in the background, and a write made meanwhile is found at the next search", async () => {
    const copy = await readCopy(
      Array.from({ length: 5000 }, (_, i) => row(i)),
      { indexed: false },
    );
    // Until it is made, a search scans (and asks for it once more: the same build).
    expect(candidateRows(copy, "creme")).toBeNull();
    const built = new Promise<void>((resolve) => buildLater(copy, resolve));
    copy.put([{ ...row(1), name: "Walnut shelf No. 1" }]);
    await built;
    expect(keys(matching(copy, { q: "walnut" }))).toEqual(["k1"]);
    expect(keys(matching(copy, { q: "creme" }))).toEqual(keys(queryCatalogue(copy.rows(), { q: "creme" })));
  });

  it("is brought up to date at once after a few writes, and made again in the background after many", async () => {
    const copy = await readCopy(Array.from({ length: 300 }, (_, i) => row(i)));
    copy.put([{ ...row(1), name: "Quartz clock No. 1" }]);
    let done = false;
    indexLater(copy, () => (done = true));
    expect(done).toBe(true);
    expect(keys(candidateRows(copy, "quartz")!)).toEqual(["k1"]);
    // More than a tenth of the rows changed: made again, meanwhile searches scan.
    copy.put(Array.from({ length: 40 }, (_, i) => ({ ...row(i), name: `Onyx vase No. ${i}` })));
    const made = new Promise<void>((resolve) => indexLater(copy, resolve));
    expect(candidateRows(copy, "onyx")).toBeNull();
    await made;
    expect(candidateRows(copy, "onyx")).toHaveLength(40);
  });

  it("is not used while the copy is first read (its version changes with every page)", async () => {
    let release!: () => void;
    const source: CatalogueSource<string> = {
      async readAll(_reader, onPage) {
        onPage([row(0), row(1)], 4);
        await new Promise<void>((resolve) => (release = resolve));
        onPage([row(2), row(3)], 4);
      },
      async version() {
        return "1";
      },
    };
    const copy = new CatalogueCopy(source, { maxBytes: 1_000_000, revalidateMs: 60_000, busyShare: 1, idleMs: 0 });
    await copy.use("reader");
    expect(candidateRows(copy, "tee")).toBeNull();
    expect(keys(matching(copy, { q: "tee" }))).toEqual(["k0"]);
    release();
    await copy.loaded();
    await new Promise<void>((resolve) => buildLater(copy, resolve));
    expect(keys(candidateRows(copy, "tee")!)).toEqual(["k0"]);
  });
});
