"use client";

import { useQuery } from "@tanstack/react-query";
import Check from "lucide-react/icons/check";
import Copy from "lucide-react/icons/copy";
import Download from "lucide-react/icons/download";
import Search from "lucide-react/icons/search";
import TicketPercent from "lucide-react/icons/ticket-percent";
import { useDeferredValue, useMemo, useRef, useState } from "react";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { type CouponCodeRow, codeState, codeTypeLabel, formatCount } from "@/lib/store/coupons/model";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { Input } from "../ui/input";
import { Notice } from "../ui/notice";
import { Pagination } from "../ui/pagination";
import { Select } from "../ui/select";
import { SkeletonRows } from "../ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../ui/table";
import { toast } from "../ui/toast";
import { clipboardFailedMessage, copyText, selectText } from "./clipboard";
import { LocalDate } from "./local-date";

const pageSize = 50;

type StateFilter = "all" | "active" | "used";

export interface CodesListProps {
  couponId: string;
  couponName: string;
}

/**
 * A coupon's codes, which may be 100,000: read once (GET
 * /api/coupons/{id}/codes), then searched, filtered and paged in the
 * browser, 50 at a time. Each code has its state and a copy button; "Download
 * CSV" writes every code from what is already loaded.
 */
export function CodesList({ couponId, couponName }: CodesListProps) {
  const codes = useQuery({
    queryKey: queryKeys.coupons.codes(couponId),
    queryFn: ({ signal }) =>
      fetchJson<CouponCodeRow[]>(`/api/coupons/${encodeURIComponent(couponId)}/codes`, { signal }),
  });
  const [search, setSearch] = useState("");
  const [state, setState] = useState<StateFilter>("all");
  const [page, setPage] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);
  const query = useDeferredValue(search.trim().toLowerCase());

  const all = useMemo(() => codes.data ?? [], [codes.data]);
  const lower = useMemo(() => all.map((row) => row[0].toLowerCase()), [all]);
  const matching = useMemo(() => {
    if (!query && state === "all") return all;
    return all.filter((row, index) => {
      if (state === "active" && !row[2]) return false;
      if (state === "used" && row[2]) return false;
      return !query || lower[index]!.includes(query);
    });
  }, [all, lower, query, state]);

  const pages = Math.max(1, Math.ceil(matching.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = matching.slice(current * pageSize, (current + 1) * pageSize);
  const filtered = query !== "" || state !== "all";
  const activeCount = useMemo(() => all.reduce((n, row) => n + (row[2] ? 1 : 0), 0), [all]);

  async function copy(code: string, cell: HTMLElement | null) {
    if (await copyText(code)) {
      setCopied(code);
      setAnnouncement(`Copied ${code}.`);
      window.setTimeout(() => setCopied((now) => (now === code ? null : now)), 2000);
    } else {
      selectText(cell);
      setCopied(null);
      setAnnouncement(clipboardFailedMessage(code));
    }
  }

  async function download() {
    // The CSV writer (lib/csv.ts on papaparse) loads on the first download, not with the
    // page: it would take /coupons/[id] over its first-load budget (docs/architecture.md#budgets).
    const writer = await import("@/lib/store/coupons/model-csv").catch(() => null);
    if (!writer) {
      toast.error("The download could not start. Reload the page and try again.");
      return;
    }
    const { codesCsv, codesCsvFileName } = writer;
    const blob = new Blob([codesCsv(all)], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = codesCsvFileName(couponName, couponId);
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setAnnouncement(`Downloading ${formatCount(all.length)} ${all.length === 1 ? "code" : "codes"} as CSV.`);
  }

  function changePage(next: number) {
    setPage(next);
    headingRef.current?.focus();
  }

  const loadError = codes.error instanceof Error ? codes.error.message : null;

  return (
    <section aria-labelledby="codes-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="codes-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-fg">
            Codes
          </h2>
          <p className="text-sm text-fg-muted">
            {codes.data
              ? `${formatCount(all.length)} ${all.length === 1 ? "code" : "codes"}, ${formatCount(activeCount)} active`
              : "What customers type at checkout."}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void download()} disabled={!codes.data || all.length === 0}>
          <Download aria-hidden="true" />
          Download CSV
        </Button>
      </div>

      {/* Copies, downloads and what a search found, read aloud. */}
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {loadError ? (
        <Notice tone="error" role="alert" title="Could not load the codes">
          <p>{loadError}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void codes.refetch()}>
            Try again
          </Button>
        </Notice>
      ) : codes.isPending ? (
        <SkeletonRows label="Loading codes…" rows={4} rowClassName="h-12" />
      ) : all.length === 0 ? (
        <EmptyState icon={TicketPercent} title="This coupon has no codes">
          Customers cannot use it at checkout. Create a coupon with a code to share or generated codes.
        </EmptyState>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="min-w-0 flex-1">
              <label htmlFor="codes-search" className="block text-sm font-medium text-fg">
                Search codes
              </label>
              <div className="relative mt-1">
                <Search
                  aria-hidden="true"
                  className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-fg-muted"
                />
                <Input
                  id="codes-search"
                  type="search"
                  autoComplete="off"
                  spellCheck={false}
                  className="ps-9 font-mono"
                  value={search}
                  onChange={(event) => {
                    setSearch(event.target.value);
                    setPage(0);
                  }}
                />
              </div>
            </div>
            <div className="sm:w-44">
              <label htmlFor="codes-state" className="block text-sm font-medium text-fg">
                Show
              </label>
              <div className="mt-1">
                <Select
                  id="codes-state"
                  value={state}
                  onChange={(event) => {
                    setState(event.target.value as StateFilter);
                    setPage(0);
                  }}
                >
                  <option value="all">All codes</option>
                  <option value="active">Active codes</option>
                  <option value="used">Used codes</option>
                </Select>
              </div>
            </div>
          </div>

          <p aria-live="polite" className="text-sm text-fg-muted">
            {filtered
              ? `${formatCount(matching.length)} of ${formatCount(all.length)} codes match.`
              : `${formatCount(all.length)} ${all.length === 1 ? "code" : "codes"}.`}
          </p>

          {matching.length === 0 ? (
            <EmptyState
              icon={Search}
              title={query ? `No codes match “${search.trim()}”` : "No codes in this state"}
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setSearch("");
                    setState("all");
                    setPage(0);
                    document.getElementById("codes-search")?.focus();
                  }}
                >
                  Show all codes
                </Button>
              }
            >
              Check the spelling, or show every code.
            </EmptyState>
          ) : (
            <>
              <Table aria-label={`Codes of ${couponName}`} stackOnMobile aria-busy={codes.isFetching || undefined}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Code</TableHead>
                    <TableHead>Type</TableHead>
                    <TableHead>State</TableHead>
                    <TableHead>Created</TableHead>
                    <TableHead>
                      <span className="sr-only">Copy</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map(([code, type, active, created]) => {
                    const words = codeState({ type, active });
                    return (
                      // On a phone each code is one compact card: the code with its state, and Copy beside it.
                      <TableRow
                        key={code}
                        className="max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:items-center max-md:gap-x-3"
                      >
                        <TableCell className="font-mono font-medium break-all max-md:px-0 max-md:text-base">
                          <span data-code="">{code}</span>
                          <span className="mt-1 flex flex-wrap items-center gap-2 font-sans text-sm font-normal md:hidden">
                            <Badge tone={active ? "success" : "neutral"} dot>
                              {words}
                            </Badge>
                            <span className="text-fg-muted">{codeTypeLabel(type)}</span>
                          </span>
                        </TableCell>
                        <TableCell label="Type" className="max-md:hidden">
                          {codeTypeLabel(type)}
                        </TableCell>
                        <TableCell label="State" className="max-md:hidden">
                          <Badge tone={active ? "success" : "neutral"} dot>
                            {words}
                          </Badge>
                        </TableCell>
                        <TableCell label="Created" className="text-fg-muted max-md:hidden">
                          {created === null ? "—" : <LocalDate seconds={created} />}
                        </TableCell>
                        <TableCell className="w-0 text-end max-md:w-auto max-md:px-0">
                          <Button
                            variant="ghost"
                            size="sm"
                            className="-my-1.5 max-md:my-0 max-md:min-h-control"
                            aria-label={`Copy ${code}`}
                            onClick={(event) =>
                              void copy(
                                code,
                                event.currentTarget.closest("tr")?.querySelector<HTMLElement>("[data-code]") ?? null,
                              )
                            }
                          >
                            {copied === code ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                            <span aria-hidden="true">{copied === code ? "Copied" : "Copy"}</span>
                          </Button>
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
              <Pagination
                page={current}
                pageSize={pageSize}
                itemCount={shown.length}
                total={matching.length}
                onPageChange={changePage}
                noun="codes"
                label="Pages of codes"
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
