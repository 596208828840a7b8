import { csvRows } from "../../csv";
import type { CouponCodeRow } from "./model";

/**
 * A coupon's codes as CSV (RFC 4180: comma-separated, CRLF lines, fields
 * quoted when they hold a comma, a quote or a line break; written by
 * lib/csv.ts, which also guards text cells against formulas): one header
 * line, then `code,type,active,created` per code, `created` in ISO 8601
 * (UTC). Built in the browser from the codes it already has. Plain: safe
 * anywhere.
 */
export const codesCsvHeader = ["code", "type", "active", "created"] as const;

export function codesCsv(rows: readonly CouponCodeRow[]): string {
  return csvRows([
    codesCsvHeader,
    ...rows.map(([code, type, active, created]) => [
      code,
      type,
      active,
      created === null ? null : new Date(created * 1000).toISOString(),
    ]),
  ]);
}

/** "summer-sale-codes.csv": the coupon's name, made safe for a file name. */
export function codesCsvFileName(couponName: string, id: string): string {
  const base = couponName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || `coupon-${id}`}-codes.csv`;
}
