import { describe, expect, it } from "vitest";
import {
  anchoredScrollTop,
  cellId,
  dragScrollStep,
  columnWidths,
  frozenWidth,
  gapAt,
  HEADER_HEIGHT,
  OVERSCAN,
  pageRows,
  ROW_HEIGHT,
  rowId,
  type RowSlot,
  rowSlots,
  rowWindow,
  scrollLeftFor,
} from "./grid-layout";

const keyed = (...keys: string[]) => keys.map((key) => ({ key }));
/** Rows k0…k(n-1). */
const series = (n: number, from = 0) => keyed(...Array.from({ length: n }, (_, i) => `k${from + i}`));

describe("cells and columns", () => {
  it("names cells by row and column", () => {
    expect(cellId(3, 4)).toBe("bulk-cell-3-4");
  });

  it("keeps the name column's width on a wide grid, and about two fifths of a narrow one", () => {
    expect(frozenWidth(240, 0, 0)).toBe(240);
    expect(frozenWidth(240, 1200, 0)).toBe(240);
    expect(frozenWidth(240, 390, 0)).toBe(Math.floor(390 * 0.42));
    // Never narrower than 128 px; the reorder handles' column is not shared.
    expect(frozenWidth(240, 200, 0)).toBe(128);
    expect(frozenWidth(240, 430, 40)).toBe(Math.floor(390 * 0.42));
  });

  it("gives the room a wide view leaves to the text columns, never more than there is", () => {
    const columns = [
      { width: 240, kind: "text" },
      { width: 200, kind: "text" },
      { width: 150, kind: "text" },
      { width: 110, kind: "quantity" },
    ];
    // 700 px of columns in a 1,000 px view: 300 px shared by the name (240), values (200) and SKU (150).
    const wide = columnWidths(columns, 1000, 0);
    const share = (w: number) => w + Math.floor((300 * w) / 590);
    expect(wide).toEqual([share(240), share(200), share(150), 110]);
    expect(wide.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1000);
    // Not measured yet, or no room: their own widths; on a phone the frozen one narrows and nothing grows.
    expect(columnWidths(columns, 0, 0)).toEqual([240, 200, 150, 110]);
    expect(columnWidths(columns, 390, 0)).toEqual([Math.floor(390 * 0.42), 200, 150, 110]);
    // The reorder handles take their share of the view first.
    expect(columnWidths(columns, 740, 40)).toEqual([240, 200, 150, 110]);
  });

  it("scrolls a column into view beside the frozen name column, and not the name column", () => {
    const widths = [200, 100, 100, 100, 100];
    const widthOf = (col: number) => widths[col] ?? 0;
    const frozen = { handleWidth: 0, nameWidth: 200 };
    expect(scrollLeftFor(0, widthOf, frozen, { scrollLeft: 150, clientWidth: 400 })).toBeNull();
    // Column 3 (300..400 past the name column) in a 400 px view scrolled to 0: its right edge at 500 shows at 400.
    expect(scrollLeftFor(3, widthOf, frozen, { scrollLeft: 0, clientWidth: 400 })).toBe(100);
    expect(scrollLeftFor(2, widthOf, frozen, { scrollLeft: 0, clientWidth: 400 })).toBeNull();
    // Column 1, hidden under the name column: back to where it shows right after it.
    expect(scrollLeftFor(1, widthOf, frozen, { scrollLeft: 150, clientWidth: 400 })).toBe(0);
    expect(scrollLeftFor(2, widthOf, frozen, { scrollLeft: 150, clientWidth: 400 })).toBe(100);
  });
});

describe("scroll anchoring", () => {
  const view = (scrollTop: number) => ({ scrollTop, clientHeight: HEADER_HEIGHT + 10 * ROW_HEIGHT });

  it("keeps the product being edited where it was on the screen when rows arrive above it", () => {
    const before = series(20);
    // Five rows arrive above: k3 was the 4th row, it is now the 9th.
    const rows = [...series(5, 100), ...before];
    expect(anchoredScrollTop(before, rows, view(0), ["k3", undefined])).toBe(5 * ROW_HEIGHT);
  });

  it("takes the active cell's product when nothing is edited, and the first candidate in view", () => {
    const before = series(40);
    const rows = [...series(2, 100), ...before];
    // Scrolled 10 rows down: k2 is out of view, k12 is in it.
    expect(anchoredScrollTop(before, rows, view(10 * ROW_HEIGHT), ["k2", "k12"])).toBe(12 * ROW_HEIGHT);
  });

  it("else keeps the top row of a scrolled view", () => {
    const before = series(40);
    const rows = [...series(3, 100), ...before];
    expect(anchoredScrollTop(before, rows, view(10 * ROW_HEIGHT), [undefined, undefined])).toBe(13 * ROW_HEIGHT);
    // Half a row scrolled: the row at the top keeps its offset.
    expect(anchoredScrollTop(before, rows, view(10 * ROW_HEIGHT + 18), [])).toBe(13 * ROW_HEIGHT + 18);
  });

  it("moves nothing at the top of an unscrolled view without a candidate, or when the anchor left", () => {
    const before = series(20);
    expect(anchoredScrollTop(before, [...series(3, 100), ...before], view(0), [undefined, undefined])).toBeNull();
    expect(anchoredScrollTop(before, series(20, 50), view(0), ["k3"])).toBeNull();
  });

  it("moves nothing when the anchor is already in place", () => {
    const before = series(20);
    expect(anchoredScrollTop(before, [...before, ...series(5, 100)], view(0), ["k3"])).toBeNull();
  });

  it("follows a row that moved down, and never scrolls above the top", () => {
    const before = series(20);
    // k5 sorted to the top: it was the 6th row on the screen; it cannot keep that place.
    const rows = [before[5]!, ...before.filter((r) => r.key !== "k5")];
    expect(anchoredScrollTop(before, rows, view(0), ["k5"])).toBeNull();
    expect(anchoredScrollTop(before, rows, view(3 * ROW_HEIGHT), ["k5"])).toBe(0);
  });
});

describe("paging and dragging", () => {
  it("pages by the rows in view, less the header and an overlap, at least one", () => {
    expect(pageRows(400)).toBe(Math.floor(400 / ROW_HEIGHT) - 2);
    expect(pageRows(50)).toBe(1);
  });

  it("drops between the rows nearest to the pointer, inside the rows", () => {
    expect(gapAt(-20, 10)).toBe(0);
    expect(gapAt(ROW_HEIGHT * 2.4, 10)).toBe(2);
    expect(gapAt(ROW_HEIGHT * 2.6, 10)).toBe(3);
    expect(gapAt(ROW_HEIGHT * 50, 10)).toBe(10);
  });

  it("scrolls by half a row near the top (under the header) and bottom edges", () => {
    const box = { top: 100, bottom: 600 };
    expect(dragScrollStep(100 + HEADER_HEIGHT + 10, box)).toBe(-ROW_HEIGHT / 2);
    expect(dragScrollStep(590, box)).toBe(ROW_HEIGHT / 2);
    expect(dragScrollStep(300, box)).toBe(0);
  });
});

describe("rows rendered and their keys", () => {
  const height = 20 * ROW_HEIGHT;
  const slots = 20 + 1 + 2 * OVERSCAN;
  /** The rows a view renders, by index: key and DOM order. */
  const windowOf = (start: number, end: number, count = 10_000, editingKey?: string) => {
    const span = rowWindow({ startIndex: start, endIndex: end }, count, height)!;
    const slotOf = rowSlots(span, editingKey);
    return new Map(
      Array.from({ length: span.last - span.first + 1 }, (_, i) => [
        span.first + i,
        slotOf(span.first + i, `k${span.first + i}`),
      ]),
    );
  };
  const keysOf = (w: Map<number, RowSlot>) => [...w.values()].map((s) => s.key);

  it("renders the overscan beyond each edge of the view, always as many rows, fewer only in a short list", () => {
    expect(rowWindow({ startIndex: 100, endIndex: 120 }, 10_000, height)).toEqual({
      first: 100 - OVERSCAN,
      last: 100 - OVERSCAN + slots - 1,
      slots,
    });
    expect(rowWindow({ startIndex: 100, endIndex: 119 }, 10_000, height)).toEqual({
      first: 100 - OVERSCAN,
      last: 100 - OVERSCAN + slots - 1,
      slots,
    });
    expect(rowWindow({ startIndex: 0, endIndex: 20 }, 10_000, height)).toEqual({ first: 0, last: slots - 1, slots });
    expect(rowWindow({ startIndex: 9979, endIndex: 9999 }, 10_000, height)).toEqual({
      first: 10_000 - slots,
      last: 9999,
      slots,
    });
    expect(rowWindow({ startIndex: 0, endIndex: 4 }, 5, height)).toEqual({ first: 0, last: 4, slots });
    // Not measured yet, or more rows in view than the height allows: the virtualiser's window.
    expect(rowWindow({ startIndex: 0, endIndex: 20 }, 10_000, 0)).toBeNull();
    expect(rowWindow({ startIndex: 100, endIndex: 130 }, 10_000, height)).toBeNull();
    expect(rowWindow(null, 10_000, height)).toBeNull();
  });

  it("keys the rows by slot, no two alike, wherever the view is", () => {
    for (const [start, end] of [
      [0, 19],
      [0, 20],
      [37, 57],
      [500, 520],
      [9979, 9999],
    ] as const) {
      const keys = keysOf(windowOf(start, end));
      expect(keys).toHaveLength(slots);
      expect(new Set(keys).size).toBe(slots);
      expect(keys.every((k) => k.startsWith("s:"))).toBe(true);
    }
  });

  it("keeps a row's key and place while it stays in view, and gives a row scrolling in the key and place of the one that left", () => {
    const before = windowOf(100, 120);
    const after = windowOf(101, 121);
    for (const [index, slot] of after) if (before.has(index)) expect(slot).toEqual(before.get(index));
    expect(after.get(100 - OVERSCAN + slots)).toEqual(before.get(100 - OVERSCAN));
    // One row fewer in view (a row's edge at the view's) changes nothing.
    expect(windowOf(101, 120)).toEqual(after);
    // A fling: the next frame's rows share none with these, and take every one of their keys.
    const far = windowOf(160, 180);
    expect(new Set(keysOf(far))).toEqual(new Set(keysOf(before)));
  });

  it("keys by product a row outside the window and the row being edited, after the slots", () => {
    const slotOf = rowSlots(rowWindow({ startIndex: 100, endIndex: 120 }, 10_000, height), "k110");
    const inWindow = slotOf(111, "k111");
    expect(inWindow.key).toMatch(/^s:/);
    for (const [index, key] of [
      [5, "k5"],
      [110, "k110"],
    ] as const) {
      expect(slotOf(index, key).key).toBe(`p:${key}`);
      expect(slotOf(index, key).order).toBeGreaterThan(inWindow.order);
    }
    expect(rowSlots(null, undefined)(0, "k0").key).toBe("p:k0");
  });

  it("names rows for aria-owns", () => {
    expect(rowId(7)).toBe("bulk-row-7");
  });
});
