import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatMoney, minorDigits } from "@/lib/money";
import type { Loaded } from "@/lib/store/model";
import {
  type OrderActivity,
  describeActivity,
  longDate,
  niceCeiling,
  ordersCount,
  shortDate,
  statsPeriodDays,
} from "@/lib/store/orders/model-stats";
import { WidgetProblem } from "./widget-problem";

/*
 * Revenue and orders per day as hand-written SVG in a server component: no
 * chart library and no JavaScript in the browser (the route's budget,
 * docs/architecture.md#budgets). Two small charts over one row of dates: a
 * line for revenue, bars for orders. The marks are SVG stretched to the
 * width (preserveAspectRatio="none", strokes that do not scale); the
 * labels are HTML placed by percentage, so they keep their size at 390 px
 * and fewer of them show on a narrow screen. Hovering a day shows its
 * figures (CSS only). For screen readers the chart is one image named by a
 * summary in sentences (lib/store/orders/model-stats.ts: describeActivity), and
 * every figure is in the table under "Show as table", which keyboard users
 * open too (a native <details>: no script).
 */

const countFormat = new Intl.NumberFormat("en");

/** "$1.2K" for an axis. */
function compactMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat("en", {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  }).format(minor / 10 ** minorDigits(currency));
}

/** The top of the revenue axis: a round amount in the currency's major unit. */
function revenueTop(maxMinor: number, currency: string): number {
  const scale = 10 ** minorDigits(currency);
  return niceCeiling(maxMinor / scale) * scale;
}

/**
 * Which days get a date under the axis, counted back from today (which always
 * does): every 7th on narrow screens, every 3rd from `lg`. The classes show
 * the label where it belongs; null: never.
 */
function labelClasses(fromEnd: number): string | null {
  const narrow = fromEnd % 7 === 0;
  const wide = fromEnd % 3 === 0;
  if (narrow && wide) return "";
  if (narrow) return "lg:hidden";
  if (wide) return "max-lg:hidden";
  return null;
}

/** Ticks at the top, the middle when it is a whole figure, and 0. */
const ticksOf = (top: number) => (Number.isInteger(top / 2) ? [top, top / 2, 0] : [top, 0]);

/** The values of a chart's left edge, beside it (the chart's box starts after them). */
function YAxis({ top, format }: { top: number; format: (value: number) => string }) {
  const ticks = ticksOf(top);
  return (
    <div className="absolute inset-y-0 end-full me-2 w-12 text-end text-xs text-fg-muted tabular-nums">
      {ticks.map((tick) => (
        <span
          key={tick}
          className="absolute end-0 -translate-y-1/2 leading-none"
          style={{ top: `${100 - (tick / top) * 100}%` }}
        >
          {format(tick)}
        </span>
      ))}
    </div>
  );
}

/** A line at each tick (the axis itself stronger). */
function Gridlines({ top }: { top: number }) {
  return (
    <>
      {ticksOf(top)
        .map((tick) => 100 - (tick / top) * 100)
        .map((at) => (
          <div
            key={at}
            className={cn(
              "absolute inset-x-0 border-t",
              at === 100 ? "border-border-strong" : "border-dashed border-border",
            )}
            style={{ top: `${at}%` }}
          />
        ))}
    </>
  );
}

function Chart({ activity }: { activity: OrderActivity }) {
  const { days, currency } = activity;
  const n = days.length;
  const ordersTop = Math.max(2, niceCeiling(Math.max(...days.map((d) => d.orders))));
  const moneyTop = currency ? revenueTop(Math.max(...days.map((d) => d.revenue)), currency) : 1;
  const x = (i: number) => i + 0.5;
  const left = (i: number) => `${(x(i) / n) * 100}%`;
  const yRevenue = (minor: number) => 100 - (minor / moneyTop) * 100;
  const line = days.map((d, i) => `${i === 0 ? "M" : "L"}${x(i)},${yRevenue(d.revenue)}`).join(" ");
  const area = `${line} L${x(n - 1)},100 L${x(0)},100 Z`;

  return (
    // Everything inside is presentation: the name says it in words, the table has the figures.
    <div role="img" aria-label={describeActivity(activity)} className="ps-14 pt-2">
      <div className="relative">
        {currency ? (
          <>
            <p className="mb-2 text-xs font-medium text-fg-muted">Revenue ({currency})</p>
            <div className="relative h-28 sm:h-36">
              <YAxis top={moneyTop} format={(v) => compactMoney(v, currency)} />
              <Gridlines top={moneyTop} />
              <svg
                viewBox={`0 0 ${n} 100`}
                preserveAspectRatio="none"
                className="absolute inset-0 size-full overflow-visible text-accent"
              >
                <path d={area} className="fill-current opacity-15" />
                <path
                  d={line}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeLinejoin="round"
                  strokeLinecap="round"
                  vectorEffect="non-scaling-stroke"
                />
              </svg>
              {/* Markers in HTML: circles in a stretched SVG would be ovals. */}
              {days.map((d, i) =>
                d.revenue > 0 ? (
                  <span
                    key={d.date}
                    className="absolute size-2 -translate-1/2 rounded-full bg-accent ring-2 ring-surface"
                    style={{ left: left(i), top: `${yRevenue(d.revenue)}%` }}
                  />
                ) : null,
              )}
            </div>
          </>
        ) : null}

        <p className={cn("mb-2 text-xs font-medium text-fg-muted", currency && "mt-4")}>Orders</p>
        <div className="relative h-20 sm:h-24">
          <YAxis top={ordersTop} format={(v) => countFormat.format(v)} />
          <Gridlines top={ordersTop} />
          <svg viewBox={`0 0 ${n} 100`} preserveAspectRatio="none" className="absolute inset-0 size-full text-accent">
            {days.map((d, i) =>
              d.orders > 0 ? (
                <rect
                  key={d.date}
                  x={i + 0.15}
                  width={0.7}
                  y={100 - (d.orders / ordersTop) * 100}
                  height={(d.orders / ordersTop) * 100}
                  className="fill-current"
                />
              ) : null,
            )}
          </svg>
        </div>

        {/* A column per day over both charts: hovering one shows its figures (CSS only). */}
        <div className="absolute inset-0 flex">
          {days.map((d, i) => (
            <div key={d.date} className="group relative flex-1 hover:bg-accent/10">
              <div
                className={cn(
                  "pointer-events-none absolute bottom-full z-10 mb-1 hidden rounded-md border border-border bg-surface px-2 py-1 text-xs whitespace-nowrap text-fg shadow group-hover:block",
                  i < n / 3 ? "start-0" : i > (2 * n) / 3 ? "end-0" : "start-1/2 -translate-x-1/2",
                )}
              >
                <span className="font-medium">{shortDate(d.date)}</span>: {ordersCount(d.orders)}
                {currency ? `, ${formatMoney(d.revenue, currency)}` : null}
              </div>
            </div>
          ))}
        </div>
      </div>

      <div className="relative mt-1 h-5 text-xs text-fg-muted">
        {days.map((d, i) => {
          const classes = labelClasses(n - 1 - i);
          if (classes === null) return null;
          const last = i === n - 1;
          return (
            <span
              key={d.date}
              className={cn(
                "absolute top-0 whitespace-nowrap",
                last ? "-translate-x-full" : "-translate-x-1/2",
                classes,
              )}
              style={{ left: last ? "100%" : left(i) }}
            >
              {shortDate(d.date)}
            </span>
          );
        })}
      </div>
    </div>
  );
}

function DaysTable({ activity }: { activity: OrderActivity }) {
  const { currency } = activity;
  const today = activity.days.at(-1)?.date;
  return (
    <Table aria-label="Revenue and orders per day" className="mt-3">
      <TableHeader>
        <TableRow>
          <TableHead>Day ({activity.timeZone})</TableHead>
          <TableHead numeric>Orders</TableHead>
          {currency ? <TableHead numeric>Revenue</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {[...activity.days].reverse().map((d) => (
          <TableRow key={d.date}>
            <th role="rowheader" scope="row" className="px-4 py-2 text-start font-normal text-fg">
              <time dateTime={d.date}>
                {longDate(d.date)}
                {d.date === today ? " (today)" : null}
              </time>
            </th>
            <TableCell numeric className="py-2">
              {countFormat.format(d.orders)}
            </TableCell>
            {currency ? (
              <TableCell numeric className="py-2">
                {formatMoney(d.revenue, currency)}
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The notes under the chart: what counts, and what the figures leave out. */
function Caption({ activity }: { activity: OrderActivity }) {
  const { excluded, otherCurrencies, currency } = activity;
  const left = [
    excluded.cancelled ? `${countFormat.format(excluded.cancelled)} cancelled` : null,
    excluded.failed ? `${countFormat.format(excluded.failed)} with a failed payment` : null,
  ].filter(Boolean);
  return (
    <figcaption className="mt-3 space-y-1 text-xs text-fg-muted">
      <p>
        Orders, revenue and the average count the orders placed without cancelled orders and failed payments
        {left.length ? ` (${left.join(" and ")} this period)` : ""}. Days run midnight to midnight {activity.timeZone}.
      </p>
      {otherCurrencies.length && currency ? (
        <p>
          Revenue is in {currency} only:{" "}
          {otherCurrencies.map((c) => `${ordersCount(c.orders)} in ${c.currency}`).join(", ")}{" "}
          {otherCurrencies.reduce((sum, c) => sum + c.orders, 0) === 1 ? "is" : "are"} left out of these figures.
        </p>
      ) : null}
      {!activity.complete ? (
        <p>Based on the latest {ordersCount(activity.basedOn)}: the oldest days of the period may be missing some.</p>
      ) : null}
    </figcaption>
  );
}

const cardProps = {
  id: "sales",
  title: `Sales, last ${statsPeriodDays} days`,
} as const;

/**
 * The period's totals (revenue, orders, average order), the chart, its notes
 * and the figures as a table. `data` is the aggregation of the period's
 * orders (lib/store/orders/model-stats.ts): every figure counts the same
 * orders, so the average is revenue ÷ orders. Computed from the orders list,
 * so it needs manage_orders only, not view_stats (docs/design.md#home).
 */
export async function SalesChart({ data }: { data: Promise<Loaded<OrderActivity>> }) {
  const loaded = await data;
  if (!loaded.ok) {
    return (
      <Card {...cardProps}>
        <WidgetProblem problem={loaded.problem} refusal="The store does not let your account see its orders." />
      </Card>
    );
  }
  const activity = loaded.data;
  const first = activity.days[0];
  const last = activity.days.at(-1);
  const period =
    first && last ? `${shortDate(first.date)} to ${shortDate(last.date)}, days in ${activity.timeZone}.` : "";
  if (activity.basedOn === 0) {
    return (
      <Card {...cardProps} description={period}>
        <p className="text-sm text-fg-muted">No orders in the last {statsPeriodDays} days.</p>
      </Card>
    );
  }
  const { currency, totals } = activity;
  const figures = [
    { label: "Revenue", value: currency ? formatMoney(totals.revenue, currency) : "None" },
    { label: "Orders", value: countFormat.format(totals.orders) },
    {
      label: "Average order",
      value: currency && totals.averageOrder !== null ? formatMoney(totals.averageOrder, currency) : "None",
    },
  ];
  return (
    <Card {...cardProps} description={period}>
      {/* An amount never breaks inside ("$12,345." over "67"): each figure keeps its width, and on a narrow
          screen a figure that does not fit moves to the next line whole. */}
      <dl className="flex flex-wrap gap-x-8 gap-y-3">
        {figures.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-xs text-fg-muted sm:text-sm">{label}</dt>
            <dd className="text-lg font-semibold whitespace-nowrap text-fg tabular-nums sm:text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
      <figure className="mt-4">
        <Chart activity={activity} />
        <Caption activity={activity} />
      </figure>
      <details className="group mt-3">
        <summary className="w-fit cursor-pointer rounded-sm text-sm font-medium text-accent underline-offset-4 hover:underline">
          Show as table
        </summary>
        <DaysTable activity={activity} />
      </details>
    </Card>
  );
}

export function SalesChartSkeleton() {
  return (
    <Card {...cardProps}>
      <div role="status">
        <span className="sr-only">Loading the sales chart…</span>
        <div className="grid grid-cols-3 gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-16" />
              <Skeleton className="h-7 w-24 max-w-full" />
            </div>
          ))}
        </div>
        <Skeleton className="mt-6 h-28 sm:h-36" />
        <Skeleton className="mt-4 h-20 sm:h-24" />
      </div>
    </Card>
  );
}
