"use client";

import { type FormEvent, useId, useState } from "react";
import { defaultOrderPageSize, type OrderSearchSpan } from "@/lib/store/orders/model";
import { MAX_ORDER_SEARCH, type OrderListParams } from "@/lib/store/orders/input-list";
import { queryWords } from "@/lib/search-words";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { useHydrated } from "../../ui/after-hydration";

/**
 * "Customer": the orders of a customer, by name or e-mail (lib/store/orders/api.ts, searchOrders). Kept in
 * the URL (`?q=`); before the page's script runs, the browser's own GET does the same.
 */
export function CustomerSearch({ params, onSearch }: { params: OrderListParams; onSearch: (q: string) => void }) {
  const id = useId();
  const [q, setQ] = useState(params.q ?? "");
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = q.trim();
    if (text && queryWords(text).length === 0) {
      setError("Enter a name or an e-mail address, such as Liam Sato.");
      return;
    }
    setError(null);
    onSearch(text);
  }

  return (
    <form
      role="search"
      aria-label="Search orders by customer"
      action="/orders"
      method="get"
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
      noValidate
    >
      <div className="min-w-0 grow sm:grow-0">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-fg">
          Customer
        </label>
        <Input
          id={`${id}-q`}
          name="q"
          type="search"
          autoComplete="off"
          placeholder="Name or e-mail"
          maxLength={MAX_ORDER_SEARCH}
          className="mt-1 w-full sm:w-56"
          value={q}
          onChange={(event) => setQ(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-q-error` : undefined}
        />
        {error ? (
          <p id={`${id}-q-error`} role="alert" className="mt-1 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
      {params.view !== "all" ? <input type="hidden" name="view" value={params.view} /> : null}
      {params.count !== defaultOrderPageSize ? <input type="hidden" name="count" value={params.count} /> : null}
      {params.since ? <input type="hidden" name="since" value={params.since} /> : null}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {params.q ? (
          <Button
            variant="ghost"
            onClick={() => {
              setQ("");
              onSearch("");
            }}
          >
            Clear search
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The day an order was made, for the span of a search ("Oct 3, 2026"): in UTC on the server and while
 * hydrating (so both write the same text), then in the person's own zone, as the rows' dates are.
 */
function dayOf(seconds: number, hydrated: boolean): string {
  return new Date(seconds * 1000).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: hydrated ? undefined : "UTC",
  });
}

/**
 * What a customer search covered, said plainly when the dashboard searched (a store without the search
 * extension): the newest orders it read, and back to when. Nothing when the store searched them all.
 */
export function SearchSpanNote({ span }: { span: OrderSearchSpan | undefined }) {
  const hydrated = useHydrated();
  if (!span || span.by === "store") return null;
  const orders = `${span.searched.toLocaleString("en-US")} order${span.searched === 1 ? "" : "s"}`;
  return (
    <p className="mb-3 text-sm text-muted-fg" data-testid="search-span">
      {span.complete
        ? `Searched all ${orders} of this tab.`
        : `Searched the newest ${orders}${span.oldest === null ? "" : `, back to ${dayOf(span.oldest, hydrated)}`}: this store cannot search its orders itself, so older ones are not included.`}
    </p>
  );
}
