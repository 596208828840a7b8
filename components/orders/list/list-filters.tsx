"use client";

import { useRouter } from "next/navigation";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { defaultOrderPageSize, parseOrderNumber } from "@/lib/store/orders/model";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";
import { CustomerSearch } from "./customer-search";
import { isDay, localToday, type OrderListParams } from "@/lib/store/orders/input-list";

/**
 * Above the list: "Customer" (a name or e-mail, customer-search.tsx), "Created since" (a day in the
 * person's own zone, kept in the URL), "Go to order #" (straight to an order's page) and the export.
 */
export function ListFilters({
  params,
  onApply,
  onSearch,
  exportSlot,
}: {
  params: OrderListParams;
  onApply: (since: string) => void;
  onSearch: (q: string) => void;
  exportSlot: ReactNode;
}) {
  const router = useRouter();
  const id = useId();
  const [since, setSince] = useState(params.since);
  const [sinceError, setSinceError] = useState<string | null>(null);
  const [number, setNumber] = useState("");
  const [numberError, setNumberError] = useState<string | null>(null);

  function applySince(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const day = since.trim();
    if (day && !isDay(day)) {
      setSinceError("Enter a date such as 2026-11-01.");
      return;
    }
    setSinceError(null);
    onApply(day);
  }

  function goToOrder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const n = parseOrderNumber(number);
    if (n === null) {
      setNumberError("Enter an order number such as 1042.");
      return;
    }
    setNumberError(null);
    router.push(`/orders/${n}`);
  }

  return (
    <div className="mb-5 flex flex-col gap-4 lg:flex-row lg:flex-wrap lg:items-start">
      <CustomerSearch params={params} onSearch={onSearch} />

      <form
        role="search"
        aria-label="Filter orders by date"
        // Before the page's script runs, the browser's own GET does the same (the server reads the URL).
        action="/orders"
        method="get"
        onSubmit={applySince}
        className="flex flex-wrap items-end gap-2"
        noValidate
      >
        <div className="min-w-0 grow sm:grow-0">
          <label htmlFor={`${id}-since`} className="block text-sm font-medium text-fg">
            Created since
          </label>
          <Input
            id={`${id}-since`}
            name="since"
            type="date"
            className="mt-1 w-full sm:w-44"
            value={since}
            max={localToday()}
            onChange={(event) => setSince(event.target.value)}
            aria-invalid={sinceError ? true : undefined}
            aria-describedby={sinceError ? `${id}-since-error` : undefined}
            suppressHydrationWarning
          />
          {sinceError ? (
            <p id={`${id}-since-error`} className="mt-1 text-sm text-danger">
              {sinceError}
            </p>
          ) : null}
        </div>
        {params.view !== "all" ? <input type="hidden" name="view" value={params.view} /> : null}
        {params.count !== defaultOrderPageSize ? <input type="hidden" name="count" value={params.count} /> : null}
        {params.q ? <input type="hidden" name="q" value={params.q} /> : null}
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            Filter
          </Button>
          {params.since ? (
            <Button variant="ghost" onClick={() => onApply("")}>
              Clear date
            </Button>
          ) : null}
        </div>
      </form>

      <form aria-label="Go to an order" onSubmit={goToOrder} className="flex items-end gap-2" noValidate>
        <div className="min-w-0 grow sm:grow-0">
          <label htmlFor={`${id}-number`} className="block text-sm font-medium text-fg">
            Go to order #
          </label>
          <Input
            id={`${id}-number`}
            inputMode="numeric"
            autoComplete="off"
            className="mt-1 w-full sm:w-32"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            aria-invalid={numberError ? true : undefined}
            aria-describedby={numberError ? `${id}-number-error` : undefined}
          />
          {numberError ? (
            <p id={`${id}-number-error`} role="alert" className="mt-1 text-sm text-danger">
              {numberError}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </form>

      <div className="lg:ms-auto lg:self-end">{exportSlot}</div>
    </div>
  );
}
