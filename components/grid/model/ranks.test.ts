import { describe, expect, it } from "vitest";
import { rankTable, ranksOf, SlicedSort } from "./ranks";

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });
const compare = collator.compare;

/** Deterministic strings with many ties under the collator: case, accents, numbers, dashes, spaces. */
function strings(count: number, seed: number): string[] {
  const parts = ["lamp", "Lamp", "LÄMP", "lampe", "desk", "Désk", "10", "2", "02", " — ", "-", "cæsar", "caesar", ""];
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648);
  return Array.from({ length: count }, () => {
    const n = 1 + (next() % 3);
    return Array.from({ length: n }, () => parts[next() % parts.length]).join(next() % 2 ? " " : "");
  });
}

describe("a sort in slices", () => {
  it("ends in the order of a whole sort, whatever the slices (the clock passing after every step)", () => {
    for (const count of [0, 1, 2, 3, 7, 64, 1000, 1537]) {
      const values = strings(count, count + 1);
      const sorting = new SlicedSort(values, compare);
      let slices = 0;
      let clock = 0;
      while (!sorting.run(0, () => ++clock)) slices++;
      expect(sorting.sorted).toEqual([...values].sort(compare));
      if (count > 1000) expect(slices).toBeGreaterThan(10);
    }
  });
});

describe("collation ranks", () => {
  const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0);

  it("order every value as the collator does, with a table of some of them or none", () => {
    const all = [...new Set(strings(600, 7))];
    for (const share of [0, 0.3, 1]) {
      const inTable = all.filter((_, i) => (i * 37) % 100 < share * 100);
      const table = share ? rankTable([...inTable].sort(compare), compare) : undefined;
      // Values outside the table too: before all, after all, between, and equal to some under the collator.
      const asked = [...all, "", "aaa", "zzz", "LAMP", "lamp 3", "Desk-2", "desk 10"];
      const rank = ranksOf(asked, table, compare);
      for (const a of asked)
        for (const b of asked) expect([a, b, sign(rank(a) - rank(b))]).toEqual([a, b, sign(compare(a, b))]);
      // The table's own values keep their ranks.
      if (table) for (const v of inTable) expect(rank(v)).toBe(table.rank.get(v));
    }
  });
});
