"use client";

import TriangleAlert from "lucide-react/icons/triangle-alert";
import { formatMoney } from "@/lib/money";
import { Notice } from "../../ui/notice";
import { type Estimate, type Figure, type FigureName, figureLabels } from "./estimate";

const rows: { figure: FigureName; label: string }[] = [
  { figure: "subtotal", label: "Subtotal (with extras)" },
  { figure: "discount", label: figureLabels.discount },
  { figure: "shipping", label: figureLabels.shipping },
  { figure: "tax", label: figureLabels.tax },
];

function Amount({
  figure,
  currency,
  negative = false,
  said = false,
}: {
  figure: Figure;
  currency: string;
  negative?: boolean;
  /** Its reason was given on a row above: a dash, not the sentence again. */
  said?: boolean;
}) {
  if (!figure.known) {
    return <span className="text-sm font-normal text-fg-muted">{said ? "—" : figure.why || "Not estimated"}</span>;
  }
  const text = formatMoney(figure.amount, currency);
  return <>{negative && figure.amount > 0 ? `−${text}` : text}</>;
}

/**
 * The new order's totals as estimated (./estimate.ts): subtotal, discount,
 * shipping, tax and total, each an amount or why there is none, what would
 * make the store refuse the order, and how shipping and tax were found. The
 * store prices the order itself when it is created: the note says so, and
 * the message after creating says where the store's figures differ.
 */
export function TotalsPreview({ estimate, currency }: { estimate: Estimate; currency: string }) {
  const why = (figure: FigureName) => {
    const f = estimate[figure];
    return f.known ? null : f.why;
  };
  const saidAbove = (figure: FigureName, index: number) =>
    why(figure) !== null && rows.slice(0, index).some((row) => why(row.figure) === why(figure));
  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">
        <span className="font-medium text-fg">An estimate.</span> The store prices the order when it is created, from
        its own shipping and tax groups and coupon: its figures are what count, and after creating, Store Admin says
        where they differ from these.
      </p>
      <dl className="space-y-2 text-sm">
        {rows.map(({ figure, label }, index) => (
          <div key={figure} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5">
            <dt className="text-fg-muted">{label}</dt>
            <dd className="ms-auto text-end tabular-nums text-fg">
              <Amount
                figure={estimate[figure]}
                currency={currency}
                negative={figure === "discount"}
                said={saidAbove(figure, index)}
              />
            </dd>
          </div>
        ))}
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-t border-border pt-2">
          <dt className="font-medium text-fg">Estimated total</dt>
          <dd className="ms-auto text-end text-base font-semibold tabular-nums text-fg">
            <Amount figure={estimate.total} currency={currency} said={saidAbove("total", rows.length)} />
          </dd>
        </div>
      </dl>
      {estimate.details.length ? (
        <ul aria-label="How it was estimated" className="space-y-0.5 text-sm text-fg-muted">
          {estimate.details.map((detail) => (
            <li key={detail}>{detail}.</li>
          ))}
        </ul>
      ) : null}
      <div role="status">
        {estimate.refusals.length ? (
          <Notice tone="warning">
            <div className="flex gap-2">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <ul className="space-y-1">
                {estimate.refusals.map((refusal) => (
                  <li key={refusal}>{refusal}</li>
                ))}
              </ul>
            </div>
          </Notice>
        ) : null}
      </div>
    </div>
  );
}
