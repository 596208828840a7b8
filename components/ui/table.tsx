import type { HTMLAttributes, ReactNode, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "./cn";

/*
 * Tables. With `stackOnMobile`, below the `md` breakpoint each row becomes a
 * card and each cell shows its column's name (the `label` prop of TableCell):
 * see docs/design.md#tables. The roles are spelled out because a table whose
 * parts are restyled to blocks loses its table semantics in some browsers.
 */

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** What the table lists, for screen readers ("Users"); or give a <caption>. */
  "aria-label"?: string;
  stackOnMobile?: boolean;
}

export function Table({ stackOnMobile = false, className, children, ...props }: TableProps) {
  return (
    <div
      className={cn(
        // relative: the sr-only (absolute) labels inside scroll with the table instead of widening the page.
        "relative w-full overflow-x-auto rounded-lg border border-border bg-surface",
        stackOnMobile && "max-md:overflow-visible max-md:rounded-none max-md:border-0 max-md:bg-transparent",
      )}
    >
      <table
        role="table"
        data-stack={stackOnMobile ? "" : undefined}
        className={cn("w-full border-collapse text-start text-sm", className)}
        {...props}
      >
        {children}
      </table>
    </div>
  );
}

export function TableHeader({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead role="rowgroup" className={cn("bg-surface-muted", className)} {...props} />;
}

export function TableBody({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody role="rowgroup" className={cn("divide-y divide-border", className)} {...props} />;
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr role="row" className={cn("align-top", className)} {...props} />;
}

export interface TableHeadProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Right-aligned, for numbers and money. */
  numeric?: boolean;
}

export function TableHead({ numeric = false, className, scope = "col", ...props }: TableHeadProps) {
  return (
    <th
      role="columnheader"
      scope={scope}
      className={cn(
        "border-b border-border px-4 py-2.5 text-xs font-semibold text-fg-muted",
        numeric ? "text-end" : "text-start",
        className,
      )}
      {...props}
    />
  );
}

export interface TableCellProps extends TdHTMLAttributes<HTMLTableCellElement> {
  /** The column's name, shown beside the value when the row stacks on a phone. */
  label?: string;
  numeric?: boolean;
  children?: ReactNode;
}

export function TableCell({ label, numeric = false, className, children, ...props }: TableCellProps) {
  return (
    <td role="cell" className={cn("px-4 py-3 text-fg", numeric && "text-end tabular-nums", className)} {...props}>
      {/* Screen readers take the name from the column header; this is for eyes only. */}
      {label ? (
        <span aria-hidden="true" data-cell-label="">
          {label}
        </span>
      ) : null}
      {children}
    </td>
  );
}
