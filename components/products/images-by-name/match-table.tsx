"use client";

import { type MatchedBy, matchedByWords, missReason, type NameMatch } from "@/lib/image-names";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { formatBytes } from "@/lib/store/products/model-media";
import { Badge } from "../../ui/badge";
import { Button } from "../../ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../ui/table";
import { type FileRow, plannedTarget } from "./batch";
import { FileThumb } from "./file-thumb";

export interface MatchTableProps {
  rows: readonly FileRow[];
  matches: ReadonlyMap<string, NameMatch>;
  productByKey: ReadonlyMap<string, BulkProduct>;
  fileOf: (id: string) => File | undefined;
  onChange: (row: FileRow) => void;
  onSkip: (row: FileRow, skipped: boolean) => void;
  onRetry: (row: FileRow) => void;
}

/** How a file came to its product: by its name (and which text), or by hand. */
function how(row: FileRow, match: NameMatch | undefined, target: string): string {
  if (row.chosen === target) return "chosen by hand";
  if (match?.kind === "match" && match.productKey === target) return `by ${matchedByWords[match.by as MatchedBy]}`;
  return "";
}

function StatusCell({ row }: { row: FileRow }) {
  switch (row.status) {
    case "ready":
      return row.refusal ? (
        <Badge tone="danger">Refused</Badge>
      ) : row.skipped ? (
        <Badge>Skipped</Badge>
      ) : (
        <Badge tone="info">Ready</Badge>
      );
    case "queued":
      return <Badge>Waiting…</Badge>;
    case "uploading": {
      const value = row.size ? Math.min(100, Math.round((row.loaded / row.size) * 100)) : 0;
      return (
        <span className="flex items-center gap-2">
          <progress
            className="h-1.5 w-20 accent-primary"
            max={100}
            value={value}
            aria-label={`Uploading ${row.name}`}
          />
          <span className="text-xs tabular-nums">{value}%</span>
        </span>
      );
    }
    case "done":
      return <Badge tone="success">Uploaded</Badge>;
    case "failed":
      return <Badge tone="danger">Failed</Badge>;
  }
}

/**
 * One page of the files (the caller pages them): the file and its picture,
 * the product it goes to and how it was matched (or why none was), where it
 * stands, and the hand's fixes. Stacks into cards on a phone.
 */
export function MatchTable({ rows, matches, productByKey, fileOf, onChange, onSkip, onRetry }: MatchTableProps) {
  const nameOf = (key: string) => productByKey.get(key)?.name ?? key;
  return (
    <Table aria-label="Files and their products" stackOnMobile>
      <TableHeader>
        <TableRow>
          <TableHead>File</TableHead>
          <TableHead>Product</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => {
          const match = matches.get(row.id);
          const target = plannedTarget(row, match);
          const product = target ? productByKey.get(target) : undefined;
          const editable = row.status === "ready" && !row.refusal;
          return (
            <TableRow key={row.id} data-file={row.name} data-status={row.status}>
              <TableCell label="File" className="min-w-0">
                <span className="flex min-w-0 items-center gap-3">
                  <FileThumb file={fileOf(row.id)} />
                  <span className="min-w-0">
                    <span className="block font-medium break-all">{row.name}</span>
                    <span className="block text-xs break-all text-fg-muted">
                      {row.path !== row.name ? `${row.path} · ` : ""}
                      {formatBytes(row.size)}
                    </span>
                  </span>
                </span>
              </TableCell>
              <TableCell label="Product" data-testid="file-product">
                {row.refusal ? (
                  <span className="text-danger-soft-fg">{row.refusal}</span>
                ) : row.skipped ? (
                  <span className="text-fg-muted">Skipped: it will not be uploaded.</span>
                ) : target ? (
                  <span className="block min-w-0">
                    <span className="block font-medium break-words">{product?.name ?? target}</span>
                    <span className="block text-xs text-fg-muted">
                      {product?.sku ? `SKU ${product.sku}` : (product?.slug ?? "")}
                      {how(row, match, target) ? ` · ${how(row, match, target)}` : ""}
                      {match?.kind === "match" && match.by !== "sku" && row.chosen !== target ? ` ${match.text}` : ""}
                    </span>
                  </span>
                ) : (
                  <span className="block">
                    <span className="block font-medium">No match</span>
                    <span className="block text-xs text-fg-muted">{missReason(match ?? { kind: "none" }, nameOf)}</span>
                  </span>
                )}
              </TableCell>
              <TableCell label="Status">
                <StatusCell row={row} />
                {row.status === "failed" && row.error ? (
                  <p className="mt-1 text-xs break-words text-danger-soft-fg">{row.error}</p>
                ) : null}
              </TableCell>
              <TableCell className="w-0 text-end whitespace-nowrap max-md:text-start">
                <span className="flex flex-wrap gap-1 md:justify-end">
                  {editable ? (
                    <>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onChange(row)}
                        aria-label={`Choose the product of ${row.name}`}
                      >
                        {target ? "Change" : "Choose"}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onSkip(row, !row.skipped)}
                        aria-label={`${row.skipped ? "Include" : "Skip"} ${row.name}`}
                      >
                        {row.skipped ? "Include" : "Skip"}
                      </Button>
                    </>
                  ) : null}
                  {row.status === "failed" && row.retryable ? (
                    <Button variant="ghost" size="sm" onClick={() => onRetry(row)} aria-label={`Retry ${row.name}`}>
                      Retry
                    </Button>
                  ) : null}
                </span>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
