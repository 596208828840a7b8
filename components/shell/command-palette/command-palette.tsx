"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import Search from "lucide-react/icons/search";
import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useState, useTransition } from "react";
import { cn } from "@/components/ui/cn";
import { setTheme } from "@/components/ui/theme-switch";
import type { Theme } from "@/components/ui/theme";
import { signOutAction } from "@/lib/actions/session";
import {
  bestMatches,
  couldBeCouponCode,
  foldedTexts,
  matchScore,
  orderNumberIn,
  queryWords,
} from "@/lib/command-palette/search";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { markSigningOut } from "@/lib/sign-in-again";
import type { Coupon } from "@/lib/store/coupons/model";
import type { CouponLookup } from "@/lib/store/coupons/model-lookup";
import type { Order } from "@/lib/store/orders/model";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import type { User } from "@/lib/store/users/model";
import { useCatalogueWindow } from "@/lib/query/catalogue-window";
import { commandEntries, pageEntries, type PaletteCommandId, searchable, type StaticEntry } from "./palette-entries";
import { customerOrdersResult, orderDetail } from "./palette-orders";

/** One result: where it goes, or the command it runs. */
interface Result {
  id: string;
  label: string;
  detail?: string;
  href?: string;
  command?: PaletteCommandId;
}

interface ResultGroup {
  id: string;
  heading: string;
  results: Result[];
}

const PRODUCTS_SHOWN = 8;
const OTHERS_SHOWN = 5;
/** How long typing pauses before the store is asked (an order by number, a coupon by code). */
const LOOKUP_PAUSE_MS = 300;

const productTexts = foldedTexts<BulkProduct>((p) => [p.name, p.sku, p.slug, p.nameShort]);
const couponTexts = foldedTexts<Coupon>((c) => [c.name]);
const userTexts = foldedTexts<User>((u) => [u.email]);
const entryTexts = foldedTexts<StaticEntry>((e) => [e.label, e.keywords ? `${e.label} ${e.keywords}` : null]);

/** `value`, once it has stayed the same for `ms`. */
function usePaused<T>(value: T, ms: number): T {
  const [paused, setPaused] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return paused;
}

export interface CommandPaletteProps {
  open: boolean;
  /** Counts the openings: each starts with an empty query. */
  opening: number;
  onOpenChange: (open: boolean) => void;
  permissions: string[] | null;
  onShowShortcuts: () => void;
}

/**
 * The command palette (docs/design.md#command-palette): a combobox over a
 * listbox of results in a Radix dialog. It finds pages, an order by number,
 * products by name, slug, SKU or option SKU (searched by the dashboard's
 * server in its catalogue copy), coupons by name or code, users by
 * email; and runs commands. Only what the person's permissions allow is
 * offered or read.
 */
export function CommandPalette({ open, opening, onOpenChange, permissions, onShowShortcuts }: CommandPaletteProps) {
  return (
    <>
      <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
        {open ? (
          <PaletteBody
            key={opening}
            permissions={permissions}
            close={() => onOpenChange(false)}
            onShowShortcuts={onShowShortcuts}
          />
        ) : null}
      </RadixDialog.Root>
    </>
  );
}

interface PaletteBodyProps {
  permissions: string[] | null;
  close: () => void;
  onShowShortcuts: () => void;
}

/** One opening of the palette: its query, its results, its keys. */
function PaletteBody({ permissions, close, onShowShortcuts }: PaletteBodyProps) {
  const router = useRouter();
  const [, startSignOut] = useTransition();
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listboxId = useId();
  const optionId = useId();
  const may = useMemo(() => searchable(permissions), [permissions]);
  const coupons = useQuery({
    queryKey: queryKeys.coupons.list(),
    queryFn: ({ signal }) => fetchJson<Coupon[]>("/api/coupons", { signal }),
    enabled: may.coupons,
  });
  const users = useQuery({
    queryKey: queryKeys.users.list(),
    queryFn: ({ signal }) => fetchJson<User[]>("/api/users", { signal }),
    enabled: may.users,
  });

  // Products: the dashboard's server searches its copy of the catalogue (docs/architecture.md#the-catalogue-copy)
  // at every key; opening the palette warms the copy (a window of no rows says how far its reading is).
  const productQuery = queryWords(query).length ? query.trim() : "";
  const shownProducts = productQuery ? PRODUCTS_SHOWN : 0;
  const catalogue = useCatalogueWindow({ q: productQuery, offset: 0, limit: shownProducts }, { enabled: may.products });
  const pausedQuery = usePaused(query, LOOKUP_PAUSE_MS);
  const orderNumber = may.orders ? orderNumberIn(pausedQuery) : null;
  const order = useQuery({
    queryKey: queryKeys.orders.one(orderNumber ?? 0),
    queryFn: ({ signal }) => fetchJson<Order>(`/api/orders/${orderNumber}`, { signal }),
    enabled: orderNumber !== null,
  });
  const code = may.coupons && couldBeCouponCode(pausedQuery) ? pausedQuery.trim().toUpperCase() : null;
  const byCode = useQuery({
    queryKey: queryKeys.coupons.byCode(code ?? ""),
    queryFn: ({ signal }) =>
      fetchJson<CouponLookup>(`/api/coupons/by-code?code=${encodeURIComponent(code ?? "")}`, { signal }),
    enabled: code !== null,
  });

  const pages = useMemo(() => pageEntries(permissions), [permissions]);
  const commands = useMemo(() => commandEntries(permissions), [permissions]);

  const groups = useMemo((): ResultGroup[] => {
    const words = queryWords(query);
    const asResult = (e: StaticEntry): Result => ({ id: e.id, label: e.label, href: e.href, command: e.command });
    if (!words.length) {
      return [
        { id: "pages", heading: "Pages", results: pages.map(asResult) },
        { id: "commands", heading: "Commands", results: commands.map(asResult) },
      ];
    }
    const out: ResultGroup[] = [];
    const typedNumber = may.orders ? orderNumberIn(query) : null;
    if (typedNumber !== null) {
      const detail = orderDetail(orderNumber === typedNumber ? order : null);
      out.push({
        id: "orders",
        heading: "Orders",
        results: [
          { id: `order:${typedNumber}`, label: `Order #${typedNumber}`, detail, href: `/orders/${typedNumber}` },
        ],
      });
    }
    const matchedPages = pages.filter((p) => entryTexts(p).some((t) => matchScore(t, words) > 0));
    if (matchedPages.length) out.push({ id: "pages", heading: "Pages", results: matchedPages.map(asResult) });
    const matchedCommands = commands.filter((c) => entryTexts(c).some((t) => matchScore(t, words) > 0));
    if (matchedCommands.length) {
      out.push({ id: "commands", heading: "Commands", results: matchedCommands.map(asResult) });
    }
    if (may.products) {
      // The server's best matches; while the next answer comes, the last one's rows that still match.
      const rows = catalogue.data?.rows ?? [];
      const products = catalogue.isPlaceholderData ? bestMatches(rows, words, productTexts, PRODUCTS_SHOWN) : rows;
      if (products.length) {
        out.push({
          id: "products",
          heading: "Products",
          results: products.map((p) => ({
            id: `product:${p.key}`,
            label: p.name || p.key,
            detail: [p.sku && `SKU ${p.sku}`, p.status].filter(Boolean).join(" · "),
            href: `/products/${encodeURIComponent(p.key)}`,
          })),
        });
      }
    }
    if (may.coupons) {
      const found = bestMatches(coupons.data ?? [], words, couponTexts, OTHERS_SHOWN);
      const results: Result[] = found.map((c) => ({
        id: `coupon:${c.id}`,
        label: c.name,
        detail: "Coupon",
        href: `/coupons/${encodeURIComponent(c.id)}`,
      }));
      const lookup = code !== null && code === query.trim().toUpperCase() ? byCode.data : undefined;
      if (lookup?.found && !found.some((c) => c.id === lookup.coupon.id)) {
        results.unshift({
          id: `coupon:${lookup.coupon.id}`,
          label: lookup.coupon.name,
          detail: `Coupon with the code ${lookup.code.code}`,
          href: `/coupons/${encodeURIComponent(lookup.coupon.id)}`,
        });
      } else if (lookup?.found) {
        const at = results.findIndex((r) => r.id === `coupon:${lookup.coupon.id}`);
        results[at] = { ...results[at]!, detail: `Coupon with the code ${lookup.code.code}` };
      }
      if (results.length) out.push({ id: "coupons", heading: "Coupons", results });
    }
    if (may.users) {
      const found = bestMatches(users.data ?? [], words, userTexts, OTHERS_SHOWN);
      if (found.length) {
        out.push({
          id: "users",
          heading: "Users",
          results: found.map((u) => ({
            id: `user:${u.id}`,
            label: u.email,
            detail: "User",
            href: `/users/${encodeURIComponent(u.id)}`,
          })),
        });
      }
    }
    if (may.orders && typedNumber === null) {
      out.push({ id: "customer", heading: "Customers", results: [customerOrdersResult(query)] });
    }
    return out;
  }, [
    query,
    pages,
    commands,
    may,
    catalogue.data,
    catalogue.isPlaceholderData,
    coupons.data,
    users.data,
    order,
    orderNumber,
    byCode.data,
    code,
  ]);

  const flat = useMemo(() => groups.flatMap((g) => g.results), [groups]);
  const current = Math.min(active, Math.max(flat.length - 1, 0));
  const activeResult = flat[current];

  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (!activeResult) return;
    document.getElementById(`${optionId}-${current}`)?.scrollIntoView({ block: "nearest" });
  }, [activeResult, current, optionId]);

  function run(result: Result) {
    close();
    if (result.href) {
      router.push(result.href);
      return;
    }
    switch (result.command) {
      case "theme-light":
      case "theme-dark":
      case "theme-system":
        setTheme(result.command.slice("theme-".length) as Theme);
        return;
      case "shortcuts":
        onShowShortcuts();
        return;
      case "sign-out":
        markSigningOut();
        startSignOut(() => signOutAction());
        return;
    }
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!flat.length) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + flat.length) % flat.length);
    } else if (event.key === "Enter" && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (activeResult) run(activeResult);
    }
  }

  const words = queryWords(query);
  const loadingProducts = may.products && (!catalogue.data || catalogue.data.phase === "loading");
  const { read = 0, expected = null } = catalogue.data ?? {};
  const status = !words.length
    ? loadingProducts
      ? "Type to search. Products are loading."
      : "Type to search pages, orders, products, coupons and users."
    : flat.length
      ? `${flat.length} ${flat.length === 1 ? "result" : "results"}${loadingProducts ? `, products still loading (${read.toLocaleString("en")}${expected !== null ? ` of ${expected.toLocaleString("en")}` : ""})` : ""}.`
      : loadingProducts
        ? `Nothing yet for “${query.trim()}”: products are still loading.`
        : `Nothing found for “${query.trim()}”.`;

  let index = -1;
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
      <RadixDialog.Content
        className={cn(
          "fixed z-50 flex max-h-[85dvh] flex-col overflow-hidden border border-border bg-surface text-fg shadow-xl",
          "inset-x-0 top-0 rounded-b-lg",
          "sm:inset-x-auto sm:top-[12dvh] sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:max-w-xl sm:-translate-x-1/2 sm:rounded-lg",
        )}
        data-command-palette=""
        // For bench/palette.mjs: whether the catalogue is all here, and how much of it.
        data-catalogue={!may.products ? "none" : catalogue.error ? "failed" : loadingProducts ? "loading" : "done"}
        data-products={read}
      >
        <RadixDialog.Title className="sr-only">Search and commands</RadixDialog.Title>
        <RadixDialog.Description className="sr-only">
          Find pages, orders by number, products by name or SKU, coupons by name or code and users by email, or run a
          command. Use the up and down arrows to choose and Enter to open.
        </RadixDialog.Description>
        <div className="flex items-center gap-3 border-b border-border px-4">
          <Search aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
          <input
            role="combobox"
            aria-expanded={flat.length > 0}
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={activeResult ? `${optionId}-${current}` : undefined}
            aria-label="Search pages, orders, products, coupons and users"
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder="Search or run a command…"
            className="h-14 min-w-0 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-fg-muted"
          />
        </div>
        <div
          id={listboxId}
          role="listbox"
          aria-label="Results"
          hidden={!flat.length}
          // For bench/palette.mjs: the query whose results are all shown (the server's products answered).
          data-results-for={may.products && productQuery && catalogue.isPlaceholderData ? undefined : query}
          className="min-h-0 flex-1 overflow-y-auto p-2"
        >
          {groups.map((group) =>
            group.results.length ? (
              <div key={group.id} role="group" aria-label={group.heading} className="pb-2">
                <div aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-semibold text-fg-muted uppercase">
                  {group.heading}
                </div>
                {group.results.map((result) => {
                  index += 1;
                  const mine = index;
                  const selected = mine === current;
                  return (
                    <div
                      key={result.id}
                      id={`${optionId}-${mine}`}
                      role="option"
                      aria-selected={selected}
                      onPointerMove={() => {
                        if (active !== mine) setActive(mine);
                      }}
                      onClick={() => run(result)}
                      className={cn(
                        "flex min-h-10 cursor-pointer flex-col justify-center rounded-md px-3 py-1.5 text-sm",
                        selected ? "bg-accent-soft text-accent-soft-fg" : "text-fg",
                      )}
                    >
                      <span className="truncate font-medium">{result.label}</span>
                      {result.detail ? (
                        <span className={cn("truncate text-xs", selected ? "" : "text-fg-muted")}>{result.detail}</span>
                      ) : null}
                    </div>
                  );
                })}
              </div>
            ) : null,
          )}
        </div>
        <p
          role="status"
          className={cn("px-4 py-3 text-sm text-fg-muted", flat.length ? "sr-only" : "")}
          data-palette-status=""
        >
          {status}
        </p>
        <div className="hidden items-center gap-4 border-t border-border px-4 py-2 text-xs text-fg-muted sm:flex">
          <span>
            <kbd className="font-sans">↑</kbd> <kbd className="font-sans">↓</kbd> to choose
          </span>
          <span>
            <kbd className="font-sans">Enter</kbd> to open
          </span>
          <span>
            <kbd className="font-sans">Esc</kbd> to close
          </span>
          <button
            type="button"
            className="ms-auto rounded-sm underline-offset-2 hover:underline"
            onClick={onShowShortcuts}
          >
            <kbd className="font-sans">?</kbd> All shortcuts
          </button>
        </div>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
