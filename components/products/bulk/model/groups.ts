import { type CellValue, type Choice, type Parsed, parseFailure as fail, parsedValue as ok } from "../../../grid";

/**
 * The bulk grid's shipping and tax group cells (docs/bulk-editing.md#the-grid):
 * a group is shown and typed by its name, or by its id when the store would
 * not list the groups.
 */

export interface GroupChoice {
  id: string;
  name: string;
}

/** For matching group names: case and runs of spaces do not matter. */
const nameKey = (text: string) => text.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, " ");

interface GroupTable {
  choices: Choice[];
  /** id → label */
  labels: Map<string, string>;
  /** label (nameKey) → id */
  byLabel: Map<string, string>;
  /** name (nameKey) → ids */
  byName: Map<string, string[]>;
  ids: Set<string>;
}

const groupTables = new WeakMap<readonly GroupChoice[], GroupTable>();

/**
 * The groups as choices. A name two groups share, or "None", is labelled with
 * the id too ("Europe (4)"), so that every label names one group.
 */
function groupTable(groups: readonly GroupChoice[]): GroupTable {
  let table = groupTables.get(groups);
  if (table) return table;
  const byName = new Map<string, string[]>();
  for (const group of groups) {
    const key = nameKey(group.name);
    byName.set(key, [...(byName.get(key) ?? []), group.id]);
  }
  const labels = new Map<string, string>();
  const byLabel = new Map<string, string>();
  const choices: Choice[] = [{ value: "", label: "None" }];
  for (const group of groups) {
    const key = nameKey(group.name);
    const plain = group.name.trim();
    const label =
      plain === "" || key === "none" || byName.get(key)!.length > 1 ? `${plain} (${group.id})`.trim() : plain;
    labels.set(group.id, label);
    byLabel.set(nameKey(label), group.id);
    choices.push({ value: group.id, label });
  }
  table = { choices, labels, byLabel, byName, ids: new Set(groups.map((g) => g.id)) };
  groupTables.set(groups, table);
  return table;
}

/** The choices of a group column: "None" (value "") first, then the groups. */
export function groupChoices(groups: readonly GroupChoice[]): Choice[] {
  return groupTable(groups).choices;
}

export function formatGroup(value: CellValue, groups: readonly GroupChoice[]): string {
  if (value === null || value === "") return "";
  const id = String(value);
  return groupTable(groups).labels.get(id) ?? id;
}

export function parseGroup(text: string, groups: readonly GroupChoice[], what: string): Parsed {
  const t = text.trim();
  const key = nameKey(t);
  if (key === "" || key === "none") return ok(null);
  const table = groupTable(groups);
  const byLabel = table.byLabel.get(key);
  if (byLabel !== undefined) return ok(byLabel);
  const byName = table.byName.get(key);
  if (byName?.length === 1) return ok(byName[0]!);
  if (byName && byName.length > 1) return fail(`Several ${what}s have this name: choose one from the list.`);
  if (table.ids.has(t)) return ok(t);
  // The store would not list its groups: take an id as typed.
  if (groups.length === 0) return /^\d{1,10}$/.test(t) ? ok(t) : fail(`Enter the ${what}'s id, a number.`);
  return fail(`Choose a ${what} from the list, or None.`);
}
