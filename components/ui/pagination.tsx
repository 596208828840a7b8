import ChevronLeft from "lucide-react/icons/chevron-left";
import ChevronRight from "lucide-react/icons/chevron-right";
import Link from "next/link";
import { Button, buttonClasses } from "./button";
import { cn } from "./cn";

export interface PaginationProps {
  /** Zero-based, as the store's `page` parameter (docs/contract.md). */
  page: number;
  pageSize: number;
  /** Items on this page: a short page is the last when no total is known. */
  itemCount: number;
  /** The list's total (X-Total-Count), when the store sends one. */
  total?: number | null;
  /** Links (server pages, the page in the URL)… */
  hrefFor?: (page: number) => string;
  /** …or buttons (client state). */
  onPageChange?: (page: number) => void;
  /** Names the items in the range: "orders 21–40". */
  noun?: string;
  /** The navigation's name; change it only when a page has two. */
  label?: string;
  className?: string;
}

/** "2,000": numbers in words of the dashboard's one locale (a coupon may have 100,000 codes). */
const count = (n: number) => n.toLocaleString("en");

/** The pages a list may have, from what is known. */
export function pageInfo({
  page,
  pageSize,
  itemCount,
  total,
}: Pick<PaginationProps, "page" | "pageSize" | "itemCount" | "total">) {
  const pages = total != null ? Math.max(1, Math.ceil(total / pageSize)) : null;
  const hasPrevious = page > 0;
  const hasNext = pages != null ? page + 1 < pages : itemCount >= pageSize;
  return { pages, hasPrevious, hasNext };
}

/**
 * Previous and next through a list, saying where you are: "Page 3 of 7"
 * (or "Page 3" while the total is unknown: the store may not send one, and
 * a page shorter than the page size is then the last).
 */
export function Pagination({
  page,
  pageSize,
  itemCount,
  total,
  hrefFor,
  onPageChange,
  noun = "items",
  label = "Pagination",
  className,
}: PaginationProps) {
  const { pages, hasPrevious, hasNext } = pageInfo({ page, pageSize, itemCount, total });
  if (!hasPrevious && !hasNext) return null;
  const first = page * pageSize + 1;
  const last = page * pageSize + itemCount;

  function control(target: number, enabled: boolean, label: string, icon: "previous" | "next") {
    const content =
      icon === "previous" ? (
        <>
          <ChevronLeft aria-hidden="true" />
          {label}
        </>
      ) : (
        <>
          {label}
          <ChevronRight aria-hidden="true" />
        </>
      );
    if (hrefFor) {
      return enabled ? (
        <Link href={hrefFor(target)} className={buttonClasses("secondary")} rel={icon === "previous" ? "prev" : "next"}>
          {content}
        </Link>
      ) : (
        // There is no page to link to: an unavailable button, like the buttons' form.
        <button type="button" disabled className={buttonClasses("secondary")}>
          {content}
        </button>
      );
    }
    return (
      <Button variant="secondary" disabled={!enabled} onClick={() => onPageChange?.(target)}>
        {content}
      </Button>
    );
  }

  return (
    <nav aria-label={label} className={cn("mt-4 flex flex-wrap items-center justify-between gap-3", className)}>
      <p className="text-sm text-fg-muted">
        <span className="font-medium text-fg">
          Page {count(page + 1)}
          {pages != null ? ` of ${count(pages)}` : ""}
        </span>
        {itemCount > 0 ? (
          <span>
            {" "}
            · {noun} {count(first)}–{count(last)}
            {total != null ? ` of ${count(total)}` : ""}
          </span>
        ) : null}
      </p>
      <div className="flex gap-2">
        {control(page - 1, hasPrevious, "Previous", "previous")}
        {control(page + 1, hasNext, "Next", "next")}
      </div>
    </nav>
  );
}
