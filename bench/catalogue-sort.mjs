// A sort of a big catalogue after a write (docs/architecture.md#the-catalogue-copy, lib/catalogue/sorted.ts):
// the dashboard server's copy of N products (generated in memory, no store: what is timed is the copy's own
// work), sorted by a column, then one product written through the dashboard (copy.put), then the same sort
// asked again. Baseline, in the same run: the same sort made afresh over the copy's rows (what every
// version of the copy cost before the kept orders). Prints the medians and the ratio; asserts nothing.
//
//   node --import tsx bench/catalogue-sort.mjs [--products 100000] [--rounds 9]
import os from "node:os";
import { parseArgs } from "node:util";
import { CatalogueCopy } from "../lib/catalogue/copy.ts";
import { prepareRows, queryCatalogue } from "../lib/catalogue/query.ts";
import { sortedRows } from "../lib/catalogue/sorted.ts";
import { testRow } from "../lib/catalogue/test-row.ts";

const { values } = parseArgs({
  options: { products: { type: "string", default: "100000" }, rounds: { type: "string", default: "9" } },
});
const count = Number(values.products);
const rounds = Number(values.rounds);
const words = ["Organic", "Cotton", "Tee", "Mug", "Lamp", "Crème", "Linen", "Steel", "Bottle", "Desk", "Floor", "Navy"];

function product(i, price = ((i * 7919) % 10_000) + 100) {
  const name = `${words[i % 12]} ${words[(i * 7) % 12]} ${words[(i * 13) % 12]} ${i}`;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return testRow(`k${i}`, {
    name,
    slug,
    sku: `SKU-${(i * 31) % 99_991}`,
    status: i % 17 ? "available" : "hidden",
    price,
    quantity: i % 50,
    modified: i,
  });
}

const rows = Array.from({ length: count }, (_, i) => product(i));
const source = {
  async readAll(_reader, onPage) {
    for (let i = 0; i < rows.length; i += 250) onPage(rows.slice(i, i + 250), rows.length);
  },
  async version() {
    return "1";
  },
};
const copy = new CatalogueCopy(source, { maxBytes: 2 ** 31, revalidateMs: 3_600_000, busyShare: 1, idleMs: 0 });
await copy.use("bench");
await copy.loaded();
prepareRows(copy.rows());

const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const time = (run) => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

console.log(
  `${count.toLocaleString("en")} products, ${rounds} rounds; ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
for (const sort of ["name", "price", "sku"]) {
  sortedRows(copy, sort);
  const afresh = [];
  const kept = [];
  for (let round = 0; round < rounds; round++) {
    // One product renamed and repriced here, as a save through the dashboard puts it in the copy.
    const i = (round * 104_729) % count;
    copy.put([{ ...product(i, 50 + round), name: `Renamed ${round} ${i}` }]);
    afresh.push(time(() => queryCatalogue(copy.rows(), { sort })));
    kept.push(time(() => queryCatalogue(sortedRows(copy, sort), { sort }, { presorted: true })));
  }
  const [a, k] = [median(afresh), median(kept)];
  console.log(
    `  sort by ${sort.padEnd(5)} after a write: kept ${k.toFixed(1)} ms, afresh ${a.toFixed(1)} ms: ${(k / a).toFixed(2)}×`,
  );
}
copy.stop();
