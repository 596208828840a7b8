import ImageIcon from "lucide-react/icons/image";
import { formatMoney } from "@/lib/money";
import {
  displayPrice,
  isProductStatus,
  type Product,
  type ProductStatus,
  productStatusLabel,
} from "@/lib/store/products/model";
import { Badge, type BadgeTone } from "../../ui/badge";
import { stockText } from "@/lib/store/products/input-list";

/*
 * The cells of a product's row: small, pure, safe on the server and in the
 * browser. Money through Intl (lib/money.ts), in minor units.
 */

/**
 * The first image's small size (160 px by its longest edge), shown at 48 px.
 * A plain <img>: the files are on the store's origin, which the dashboard's
 * CSP allows for images (lib/security-headers.ts), and next/image would have
 * to be told every store's host to optimise them.
 */
export function ProductThumbnail({ name, src }: { name: string; src: string | null }) {
  if (!src) {
    return (
      <span className="flex size-12 shrink-0 items-center justify-center rounded-md border border-border bg-surface-muted text-fg-muted">
        <ImageIcon aria-hidden="true" className="size-5" />
        <span className="sr-only">No image</span>
      </span>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a remote store's file, not optimised (see above)
    <img
      src={src}
      alt={name}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 max-w-none shrink-0 rounded-md border border-border bg-surface-muted object-cover"
    />
  );
}

const statusTones: Record<ProductStatus, BadgeTone> = {
  available: "success",
  "on sale": "info",
  hidden: "neutral",
  "sold out": "warning",
  "coming soon": "info",
};

export function ProductStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={isProductStatus(status) ? statusTones[status] : "neutral"} dot>
      {productStatusLabel(status)}
    </Badge>
  );
}

/** The price a shopper pays; while on sale, the regular price struck through after it. */
export function ProductPrice({
  product,
}: {
  product: Pick<Product, "price" | "salePrice" | "regularPrice" | "currency">;
}) {
  const { current, struck } = displayPrice(product);
  return (
    <span className="inline-flex flex-wrap items-baseline justify-end gap-x-2 max-md:justify-start">
      {struck !== null ? <span className="sr-only">Sale price</span> : null}
      <span className={struck !== null ? "font-medium text-fg" : undefined}>
        {formatMoney(current, product.currency)}
      </span>
      {struck !== null ? (
        <s className="text-fg-muted">
          <span className="sr-only">regular price</span>
          {formatMoney(struck, product.currency)}
        </s>
      ) : null}
    </span>
  );
}

export function ProductStock({ quantity }: { quantity: number }) {
  const text = stockText(quantity);
  return quantity === 0 ? <span className="font-medium text-danger">{text}</span> : <>{text}</>;
}
