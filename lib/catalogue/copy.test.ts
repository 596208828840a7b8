import { describe, expect, it } from "vitest";
import type { BulkProduct } from "../store/products/model-bulk";
import { CatalogueCopy, type CatalogueSource } from "./copy";
import { testRow } from "./test-row";

const row = (key: string, name = key, price = 100): BulkProduct => testRow(key, { name, price });

/** A store as the copy sees it: pages of rows, a version when it says one, and a hook into a reading. */
interface FakeStore {
  rows: BulkProduct[];
  version: number;
  reads: number;
  versionReads: number;
  during: null | (() => void);
  source: CatalogueSource<string>;
}

function fakeStore(rows: BulkProduct[], { versioned = true } = {}): FakeStore {
  const store: FakeStore = {
    rows,
    version: 1,
    reads: 0,
    versionReads: 0,
    /** Runs in the middle of the next whole reading (after its first page). */
    during: null,
    source: {
      async readAll(_reader: string, onPage: (rows: BulkProduct[], total: number | null) => void) {
        store.reads++;
        const snapshot = store.rows.slice();
        for (let i = 0; i < snapshot.length; i += 2) {
          onPage(snapshot.slice(i, i + 2), snapshot.length);
          if (i === 0 && store.during) {
            const during = store.during;
            store.during = null;
            during();
          }
          await Promise.resolve();
        }
      },
      async version() {
        store.versionReads++;
        return versioned ? `v${store.version}` : null;
      },
    },
  };
  return store;
}

const options = { maxBytes: 1_000_000, revalidateMs: 60_000, busyShare: 1, idleMs: 0 };
const names = (copy: CatalogueCopy<string>) => copy.rows().map((r) => `${r.key}:${r.name}`);

describe("CatalogueCopy", () => {
  it("reads the store once, at first use, and serves every later use from memory", async () => {
    const store = fakeStore([row("a"), row("b"), row("c")]);
    const copy = new CatalogueCopy(store.source, options);
    await copy.use("token");
    await copy.loaded();
    await copy.use("token");
    expect(copy.phase).toBe("ready");
    expect(names(copy)).toEqual(["a:a", "b:b", "c:c"]);
    expect(store.reads).toBe(1);
    expect(copy.stats()).toMatchObject({ products: 3, versioned: true });
    copy.stop();
  });

  it("with a store that says its version, a revalidation is one small read until something changed", async () => {
    const store = fakeStore([row("a"), row("b")]);
    const copy = new CatalogueCopy(store.source, options);
    await copy.use("token");
    await copy.loaded();
    expect(await copy.revalidate()).toBe(false);
    expect(store.reads).toBe(1);
    store.rows = [row("a", "Renamed"), row("b")];
    store.version++;
    const before = copy.version;
    expect(await copy.revalidate()).toBe(true);
    expect(store.reads).toBe(2);
    expect(names(copy)).toEqual(["a:Renamed", "b:b"]);
    expect(copy.version).toBeGreaterThan(before);
    expect(copy.stats()).toMatchObject({ revalidations: 2, changes: 1, rereads: 1 });
    copy.stop();
  });

  it("without a version, every revalidation reads the pages again and finds deletions and new products", async () => {
    const store = fakeStore([row("a"), row("b"), row("c")], { versioned: false });
    const copy = new CatalogueCopy(store.source, options);
    await copy.use("token");
    await copy.loaded();
    expect(await copy.revalidate()).toBe(false);
    store.rows = [row("a"), row("c"), row("d")];
    expect(await copy.revalidate()).toBe(true);
    expect(names(copy)).toEqual(["a:a", "c:c", "d:d"]);
    expect(store.reads).toBe(3);
    copy.stop();
  });

  it("a write put in while a re-read runs is not undone by that re-read's older answer", async () => {
    const store = fakeStore([row("a"), row("b"), row("c"), row("d")], { versioned: false });
    let now = 1000;
    const copy = new CatalogueCopy(store.source, { ...options, now: () => now });
    await copy.use("token");
    await copy.loaded();
    now = 2000;
    // The re-read has read its first page (a, b) when the write lands; the store answered it.
    store.during = () => {
      now = 2500;
      copy.put([row("a", "Saved here")]);
      copy.put([row("z", "Created here")]);
      copy.remove(["c"]);
    };
    await copy.revalidate();
    expect(names(copy)).toEqual(["a:Saved here", "b:b", "d:d", "z:Created here"]);
    // The next re-read, begun after the write, takes what the store holds.
    now = 3000;
    store.rows = [row("a", "Saved here"), row("b"), row("d"), row("z", "Created here")];
    await copy.revalidate();
    expect(names(copy)).toEqual(["a:Saved here", "b:b", "d:d", "z:Created here"]);
    copy.stop();
  });

  it("a refresh asked while an older revalidation runs waits for it, then checks again", async () => {
    const store = fakeStore([row("a"), row("b")]);
    let now = 1000;
    const gate: { release?: () => void } = {};
    let held = false;
    const source: CatalogueSource<string> = {
      ...store.source,
      // The timer's check: it reads the version before the change below, and answers after it.
      version: async (reader) => {
        const seen = await store.source.version(reader);
        if (held) {
          held = false;
          await new Promise<void>((resolve) => (gate.release = resolve));
        }
        return seen;
      },
    };
    const copy = new CatalogueCopy(source, { ...options, now: () => now });
    await copy.use("token");
    await copy.loaded();
    now = 5000;
    held = true;
    const older = copy.revalidate();
    // Renamed elsewhere while that check is on its way; then a person opens a grid.
    store.rows = [row("a", "Renamed elsewhere"), row("b")];
    store.version++;
    now = 6000;
    const refresh = copy.refreshIfCheap();
    while (!gate.release) await new Promise((resolve) => setImmediate(resolve));
    gate.release();
    await older;
    await refresh;
    expect(names(copy)).toEqual(["a:Renamed elsewhere", "b:b"]);
    copy.stop();
  });

  it("a refresh does not take a revalidation begun before it was asked, however recent", async () => {
    const store = fakeStore([row("a")]);
    let now = 1000;
    const copy = new CatalogueCopy(store.source, { ...options, now: () => now });
    await copy.use("token");
    await copy.loaded();
    now = 5000;
    await copy.revalidate();
    // Made elsewhere a moment after that check began; the grid is opened a moment later.
    store.rows = [row("a"), row("made")];
    store.version++;
    now = 5200;
    await copy.refreshIfCheap();
    expect(names(copy)).toEqual(["a:a", "made:made"]);
    copy.stop();
  });

  it("tells of every page a reading brings, the first one's and a re-read's, as it comes", async () => {
    const store = fakeStore([row("a"), row("b"), row("c")]);
    const pages: string[][] = [];
    const copy = new CatalogueCopy(store.source, {
      ...options,
      onPage: (rows) => pages.push(rows.map((r) => r.key)),
    });
    await copy.use("token");
    await copy.loaded();
    expect(pages).toEqual([["a", "b"], ["c"]]);
    store.rows = [row("a"), row("d")];
    store.version++;
    await copy.revalidate();
    expect(pages).toEqual([["a", "b"], ["c"], ["a", "d"]]);
    copy.stop();
  });

  it("keeps a row's stock when a write answered without it (the bulk grid's save)", async () => {
    const withStock = {
      ...row("a"),
      stock: [{ kind: "option" as const, key: "o", isDefault: true, values: [], quantity: 3, sku: "A" }],
    };
    const store = fakeStore([withStock]);
    const copy = new CatalogueCopy(store.source, options);
    await copy.use("token");
    await copy.loaded();
    copy.put([row("a", "Renamed")]);
    expect(copy.get("a")).toMatchObject({ name: "Renamed", stock: withStock.stock });
    copy.stop();
  });

  it("stops reading past its memory bound and says so", async () => {
    const store = fakeStore(Array.from({ length: 50 }, (_, i) => row(`p${i}`)));
    const copy = new CatalogueCopy(store.source, { ...options, maxBytes: 2000 });
    await copy.use("token");
    await copy.loaded();
    expect(copy.phase).toBe("too_big");
    expect(copy.stats().lastError).toMatch(/larger than the 0 MB/);
    copy.stop();
  });

  it("a failed reading is tried again at the next use", async () => {
    const store = fakeStore([row("a")]);
    let fail = true;
    const source: CatalogueSource<string> = {
      ...store.source,
      readAll: async (reader, onPage) => {
        if (fail) throw new Error("The store is not answering.");
        return store.source.readAll(reader, onPage);
      },
    };
    const copy = new CatalogueCopy(source, options);
    await copy.use("token");
    await copy.loaded();
    expect(copy.phase).toBe("failed");
    expect(copy.stats().lastError).toBe("The store is not answering.");
    fail = false;
    await copy.use("token");
    await copy.loaded();
    expect(copy.phase).toBe("ready");
    expect(names(copy)).toEqual(["a:a"]);
    copy.stop();
  });
});
