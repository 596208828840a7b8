import type { LucideIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode, Ref } from "react";
import { Button, buttonClasses } from "./button";
import { EmptyState } from "./empty-state";
import { PageSize } from "./page-size";
import { Pagination, type PaginationProps } from "./pagination";

/*
 * The parts every list page has (docs/design.md#list-pages): its heading with the count, its pages with
 * "Per page" beside them, and the empty states of a page past the end and of a filter that found nothing.
 * A list's own empty state ("No coupons yet") is an EmptyState with its words.
 */

/** "3 coupons", "1 coupon", "1,250 orders": a count in the dashboard's one locale, with its noun. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
}

/**
 * The list's heading: what it shows, and how many. With a `ref` it takes focus by script (tabIndex -1):
 * where focus goes when the row it was on goes. `aside` sits at the heading's end (the orders' "N new
 * orders" pill).
 */
export function ListHeading({
  id,
  ref,
  aside,
  children,
}: {
  id: string;
  ref?: Ref<HTMLHeadingElement>;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2
      id={id}
      ref={ref}
      tabIndex={ref ? -1 : undefined}
      className={aside === undefined ? "mb-3 text-sm font-medium text-fg-muted" : "text-sm font-medium text-fg-muted"}
    >
      {children}
    </h2>
  );
  if (aside === undefined) return heading;
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
      {heading}
      {aside}
    </div>
  );
}

/** A list's way forward that is not its main action: a link to an address, or a button the page handles. */
export type ListAction = { label: string } & ({ href: string } | { onClick: () => void });

function ListActionControl({ action }: { action: ListAction }) {
  return "href" in action ? (
    <Link href={action.href} className={buttonClasses("secondary")}>
      {action.label}
    </Link>
  ) : (
    <Button variant="secondary" onClick={action.onClick}>
      {action.label}
    </Button>
  );
}

/**
 * Below a list: where its pages are (`Pagination`: links with `hrefFor`, buttons with `onPageChange`) and
 * "Per page" beside them, shown while there is something to page through.
 */
export function ListPages({
  sizes,
  onPageSizeChange,
  ...pagination
}: Required<Pick<PaginationProps, "page" | "pageSize" | "itemCount" | "noun">> &
  Pick<PaginationProps, "total" | "hrefFor" | "onPageChange"> & {
    /** The page sizes offered ("Per page"). */
    sizes: readonly number[];
    /** A new size: the list's first page at that size. */
    onPageSizeChange: (size: number) => void;
  }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Pagination {...pagination} className="grow" />
      {pagination.itemCount > 0 || pagination.page > 0 ? (
        <PageSize value={pagination.pageSize} sizes={sizes} onChange={onPageSizeChange} className="mt-4" />
      ) : null}
    </div>
  );
}

/**
 * A page past the list's end (the list shrank since, or the address was typed): says so, with why it may
 * be (`children`), and the way to the first page.
 */
export function PageEmpty({
  icon,
  firstPage,
  children,
}: {
  icon: LucideIcon;
  /** The first page: its address, or what the page does to go there. */
  firstPage: { href: string } | { onClick: () => void };
  children: ReactNode;
}) {
  return (
    <EmptyState
      icon={icon}
      title="This page is empty"
      action={<ListActionControl action={{ label: "Go to the first page", ...firstPage }} />}
    >
      {children}
    </EmptyState>
  );
}

/**
 * A filter or a search that found nothing: what was looked for (`title`: "No products in “Mugs”"), what
 * to try (`children`), and the way to clear it (`clear`: "Show all products").
 */
export function NoMatch({
  icon,
  title,
  clear,
  children,
}: {
  icon: LucideIcon;
  title: string;
  clear: ListAction;
  children: ReactNode;
}) {
  return (
    <EmptyState icon={icon} title={title} action={<ListActionControl action={clear} />}>
      {children}
    </EmptyState>
  );
}
