"use client";

import Pencil from "lucide-react/icons/pencil";
import Trash2 from "lucide-react/icons/trash-2";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import {
  mediaUrl,
  type Product,
  type ProductStatus,
  productStatuses,
  productStatusLabels,
  shownStatus,
} from "@/lib/store/products/model";
import {
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  RowActions,
} from "../../ui/dropdown-menu";
import { cn } from "../../ui/cn";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table";
import { ProductPrice, ProductStatusBadge, ProductStock, ProductThumbnail } from "./product-cells";

/** What a row of the products list shows: from a page of the list, or from the catalogue a search loaded. */
export interface ListRow {
  key: string;
  name: string;
  status: string;
  price: number;
  salePrice: number | null;
  regularPrice: number | null;
  currency: string;
  quantity: number;
  sku: string;
  /** The first image's small size; null: none. */
  image: string | null;
}

export function listRowOf(product: Product): ListRow {
  const first = product.images[0];
  return {
    key: product.key,
    name: product.name,
    status: product.status,
    price: product.price,
    salePrice: product.salePrice,
    regularPrice: product.regularPrice,
    currency: product.currency,
    quantity: product.quantity,
    sku: product.sku,
    image: first ? mediaUrl(first.urls, "small") : null,
  };
}

/** A row from the bulk grid's catalogue (a search's result): its price is the regular one (model-bulk.ts). */
export function listRowOfBulk(product: BulkProduct): ListRow {
  return {
    key: product.key,
    name: product.name,
    status: product.status,
    price: product.price,
    salePrice: product.salePrice,
    regularPrice: null,
    currency: product.currency,
    quantity: product.quantity,
    sku: product.sku,
    image: product.image,
  };
}

export const productHref = (row: Pick<ListRow, "key">) => `/products/${encodeURIComponent(row.key)}`;

/**
 * A product's card on a phone, within 160 px (docs/design.md#tables): the picture on the start side of
 * three lines, the name (two lines at most) with the actions menu at the end, then status, price and
 * stock side by side, then the SKU. Status and price say what they are by their looks; stock and SKU
 * keep their labels, inline.
 */
const card = cn(
  "max-md:grid max-md:grid-cols-[3rem_auto_auto_1fr_auto] max-md:items-center max-md:gap-x-2.5 max-md:gap-y-1",
  // The cells' own padding (px-4) is the table's, not the card's.
  "max-md:[&>td]:px-0 max-md:[&>td]:py-0 max-md:[&_[data-cell-label]]:inline max-md:[&_[data-cell-label]]:me-1.5",
);

/**
 * The products list's table, folding into cards on phones: each product's
 * picture, name (to its editor), status, price, stock and SKU, and for
 * people who may manage products a menu with its status and delete.
 */
export function ProductTable({
  rows,
  label,
  canWrite,
  busy,
  busyKey,
  onStatus,
  onDelete,
}: {
  rows: readonly ListRow[];
  label: string;
  canWrite: boolean;
  /** The rows are being read again. */
  busy: boolean;
  /** The row a write is pending for. */
  busyKey: string | undefined;
  onStatus: (row: ListRow, status: ProductStatus) => void;
  onDelete: (row: ListRow) => void;
}) {
  const router = useRouter();
  return (
    <Table aria-label={label} stackOnMobile aria-busy={busy || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>
            <span className="sr-only">Image</span>
          </TableHead>
          <TableHead>Name</TableHead>
          <TableHead>Status</TableHead>
          <TableHead numeric>Price</TableHead>
          <TableHead numeric>Stock</TableHead>
          <TableHead>SKU</TableHead>
          {canWrite ? (
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          ) : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((product) => {
          const rowBusy = busyKey === product.key;
          return (
            <TableRow key={product.key} aria-busy={rowBusy || undefined} data-product={product.key} className={card}>
              <TableCell className="py-2 md:w-0 max-md:col-start-1 max-md:row-span-3 max-md:row-start-1 max-md:py-0.5">
                <ProductThumbnail name={product.name} src={product.image} />
              </TableCell>
              <TableCell className="font-medium break-words max-md:col-span-3 max-md:col-start-2 max-md:row-start-1 max-md:line-clamp-2 max-md:text-base">
                <Link href={productHref(product)} className="text-accent underline-offset-2 hover:underline">
                  {product.name}
                </Link>
              </TableCell>
              <TableCell
                label="Status"
                className="max-md:col-start-2 max-md:row-start-2 max-md:[&_[data-cell-label]]:sr-only"
              >
                <ProductStatusBadge status={shownStatus(product)} />
              </TableCell>
              <TableCell
                label="Price"
                numeric
                className="max-md:col-start-3 max-md:row-start-2 max-md:[&_[data-cell-label]]:sr-only"
              >
                <ProductPrice product={product} />
              </TableCell>
              <TableCell label="Stock" numeric className="max-md:col-start-4 max-md:row-start-2">
                <ProductStock quantity={product.quantity} />
              </TableCell>
              <TableCell
                label="SKU"
                className="font-mono text-xs break-all max-md:col-span-4 max-md:col-start-2 max-md:row-start-3"
              >
                {product.sku || (
                  <span className="text-fg-muted">
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">None</span>
                  </span>
                )}
              </TableCell>
              {canWrite ? (
                <TableCell
                  className="w-0 text-end max-md:col-start-5 max-md:row-start-1"
                  data-row-actions={product.key}
                >
                  <RowActions name={product.name}>
                    <DropdownMenuItem icon={<Pencil />} onSelect={() => router.push(productHref(product))}>
                      Edit
                    </DropdownMenuItem>
                    <DropdownMenuSeparator />
                    <DropdownMenuLabel id={`status-${product.key}`}>Status</DropdownMenuLabel>
                    <DropdownMenuRadioGroup
                      aria-labelledby={`status-${product.key}`}
                      value={product.status}
                      onValueChange={(status) => {
                        if (status !== product.status && !rowBusy) onStatus(product, status as ProductStatus);
                      }}
                    >
                      {productStatuses.map((status) => (
                        <DropdownMenuRadioItem key={status} value={status} disabled={rowBusy}>
                          {productStatusLabels[status]}
                        </DropdownMenuRadioItem>
                      ))}
                    </DropdownMenuRadioGroup>
                    <DropdownMenuSeparator />
                    <DropdownMenuItem
                      icon={<Trash2 />}
                      tone="danger"
                      disabled={rowBusy}
                      onSelect={() => onDelete(product)}
                    >
                      Delete
                    </DropdownMenuItem>
                  </RowActions>
                </TableCell>
              ) : null}
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
