import { type Column, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Queryable } from "./index.js";

/**
 * Reads of many rows at once, cheaper than a plain select (docs/architecture.md#the-read-cache
 * keeps repeated reads; these are the reads it cannot keep).
 */

/** `column = any($1)`: one array parameter instead of one parameter per id, as `inArray` writes. */
export function anyOf(column: Column, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}

/**
 * The rows of `table` that `where` selects, in `orderBy`'s order, read as one
 * JSON text (`json_agg`) and mapped to the table's row type by each column's
 * own mapping (what a `select()` gives). The embedded PGlite parses a result
 * field by field in JavaScript: the ~800 options of a page of 250 products
 * took 24 ms that way and 7 ms as one JSON text. For reads of many rows of a
 * table whose columns JSON carries as they are: numbers, text, booleans,
 * timestamps (ISO text, which a column's mapping turns into a Date) and
 * json(b) holding objects or lists (a column's mapping reads a string as JSON
 * text, so a json(b) column holding a bare string would not come back as it was).
 */
export async function selectAsJson<T extends PgTable>(
  q: Queryable,
  table: T,
  where: SQL,
  orderBy: SQL,
): Promise<T["$inferSelect"][]> {
  const result = await q.execute(
    sql`select coalesce(json_agg(${table} order by ${orderBy}), '[]')::text as rows from ${table} where ${where}`,
  );
  const [first] = (result as unknown as { rows: { rows: string }[] }).rows;
  const raw = JSON.parse(first?.rows ?? "[]") as Record<string, unknown>[];
  const columns = Object.entries(getTableColumns(table));
  return raw.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = row[column.name];
      out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return out as T["$inferSelect"];
  });
}
