import { useWatch } from "react-hook-form";
import { parseMoneyText } from "@/lib/money";
import { margin } from "@/lib/store/products/edit";
import { Card } from "../../ui/card";
import { TextField } from "../../ui/text-field";
import type { SectionProps } from "./form-types";

function amount(text: string, currency: string): number | null {
  if (!text.trim()) return null;
  const parsed = parseMoneyText(text, currency);
  return parsed.ok ? parsed.minor : null;
}

/** Price, sale price and cost, with the margin worked out as they are typed. */
export function PricingSection({ control, register, errors, currency }: SectionProps) {
  const [price, salePrice, cost] = useWatch({ control, name: ["price", "salePrice", "cost"] });
  const onSale = amount(salePrice, currency);
  const selling = onSale ?? amount(price, currency);
  const result = margin(selling, amount(cost, currency) ?? (cost.trim() ? null : 0), currency);
  return (
    <Card id="pricing" title="Pricing" description={`Amounts in ${currency}.`}>
      <div className="grid grid-cols-1 gap-x-3 gap-y-4 sm:grid-cols-3 sm:gap-5">
        <TextField
          id="product-price"
          label="Price"
          required
          inputMode="decimal"
          autoComplete="off"
          error={errors.price?.message}
          {...register("price")}
        />
        <TextField
          id="product-sale-price"
          label="Sale price"
          hint="Empty when not on sale."
          inputMode="decimal"
          autoComplete="off"
          error={errors.salePrice?.message}
          {...register("salePrice")}
        />
        <TextField
          id="product-cost"
          label="Cost"
          hint="What it costs you. Shoppers never see it."
          inputMode="decimal"
          autoComplete="off"
          error={errors.cost?.message}
          {...register("cost")}
        />
      </div>
      <p className="mt-4 text-sm text-fg-muted" aria-live="polite" id="product-margin">
        {result ? (
          <>
            Margin{onSale !== null ? " at the sale price" : ""}:{" "}
            <span className={result.negative ? "font-medium text-danger" : "font-medium text-fg"}>
              {result.amount}
              {result.percent ? ` (${result.percent})` : ""}
            </span>
            {result.negative ? " — below cost." : ""}
          </>
        ) : (
          "Enter a price to see the margin."
        )}
      </p>
    </Card>
  );
}
