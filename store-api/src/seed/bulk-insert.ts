import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "../db/index.js";

/**
 * The generated products' way of writing many rows at once (seed/generated.ts): a statement per table
 * and batch, keys cut from one buffer, the foreign keys' row-by-row checks off when the role may.
 */

export type SqlType = "text" | "integer" | "bigint" | "double precision" | "boolean" | "jsonb";

/**
 * Inserts rows with one statement: they travel as a single JSON parameter that
 * jsonb_to_recordset turns back into typed columns. A VALUES list takes a
 * parameter per value instead (PostgreSQL allows 65,535 a statement), and
 * building and binding tens of thousands of them is several times slower,
 * which a seed of 100,000 products cannot afford. `columns` maps each property of the
 * rows to its table column and SQL type. Answers the `returning` columns.
 */
export async function insertRecords<Row extends Record<string, unknown>, Out = never>(
  tx: Tx,
  table: PgTable,
  columns: { [K in keyof Row]: [PgColumn, SqlType] },
  rows: Row[],
  returning: PgColumn[] = [],
): Promise<Out[]> {
  if (rows.length === 0) return [];
  const entries = Object.entries(columns) as [string, [PgColumn, SqlType]][];
  const into = sql.join(
    entries.map(([, [column]]) => sql.identifier(column.name)),
    sql`, `,
  );
  const from = sql.join(
    entries.map(([property]) => sql.identifier(property)),
    sql`, `,
  );
  const types = sql.join(
    entries.map(([property, [, type]]) => sql`${sql.identifier(property)} ${sql.raw(type)}`),
    sql`, `,
  );
  const back = returning.length
    ? sql` returning ${sql.join(
        returning.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}`
    : sql``;
  const result = await tx.execute(
    sql`insert into ${table} (${into}) select ${from} from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${types})${back}`,
  );
  return (result as unknown as { rows: Out[] }).rows;
}

/** newKey's keys (products.ts: 9 random bytes, base64url), cut from one buffer of random bytes per batch. */
export function keys(count: number): () => string {
  const bytes = randomBytes(9 * count);
  let at = 0;
  return () => bytes.toString("base64url", 9 * at, 9 * ++at);
}

/**
 * Turns off the row-by-row checks of foreign keys (their triggers) until the transaction ends, when the
 * role may (a superuser: PGlite's always, PostgreSQL's often); answers whether it did. Each of the
 * generated rows' references is to a row just inserted or looked up in the same transaction; the checks
 * took a quarter of the options' and categories' inserts. The schema's own triggers (the product search
 * rows, the catalogue's version) are off too: generated.ts writes what they would once the rows are in.
 */
export async function checksOff(tx: Tx): Promise<boolean> {
  const result = await tx.execute(sql`select current_setting('is_superuser') = 'on' as superuser`);
  const superuser = (result as unknown as { rows: { superuser: boolean }[] }).rows[0]?.superuser === true;
  if (superuser) await tx.execute(sql`set local session_replication_role = replica`);
  return superuser;
}
