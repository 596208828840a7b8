"use client";

import { useMemo, useState } from "react";
import { useCatalogue } from "@/components/grid";
import { matchFileName, type NameMatch, nameIndex, type NamedProduct } from "@/lib/image-names";
import type { BulkProduct } from "@/lib/store/products/model-bulk";
import { INVENTORY_CATALOGUE_URL } from "@/lib/store/products/model-inventory";
import { precheckImage } from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { ConfirmDialog } from "../../ui/dialog";
import { Notice } from "../../ui/notice";
import { Pagination } from "../../ui/pagination";
import { ProgressBar } from "../../ui/progress-bar";
import { Select } from "../../ui/select";
import { batchCounts, type FileRow, newRow, plannedTarget, uploadTargets } from "./batch";
import { DropZone, type PickedFile } from "./drop-zone";
import { MatchTable } from "./match-table";
import { ProductChooser } from "./product-chooser";
import { UploadStatus } from "./upload-status";
import { useBatchUpload } from "./use-batch-upload";

const pageSize = 50;
let nextId = 0;

type Filter = "all" | "matched" | "missed" | "refused" | "failed";
const filters: { value: Filter; label: string }[] = [
  { value: "all", label: "All files" },
  { value: "matched", label: "Matched" },
  { value: "missed", label: "No match" },
  { value: "refused", label: "Refused or skipped" },
  { value: "failed", label: "Failed" },
];

/** What the index reads of a catalogue product: its SKU, slug and its options' SKUs (the inventory stream's). */
function named(product: BulkProduct): NamedProduct {
  return {
    key: product.key,
    name: product.name,
    sku: product.sku,
    slug: product.slug,
    optionSkus: product.stock?.flatMap((item) => (item.kind === "option" && !item.isDefault ? [item.sku] : [])),
  };
}

function inFilter(filter: Filter, row: FileRow, match: NameMatch | undefined): boolean {
  if (filter === "all") return true;
  if (filter === "failed") return row.status === "failed";
  if (filter === "refused") return Boolean(row.refusal) || (row.skipped && row.status === "ready");
  const target = plannedTarget(row, match);
  return filter === "matched" ? Boolean(target) : !target && !row.refusal && !row.skipped;
}

/**
 * Images to products by file name (docs/design.md#images-by-file-name):
 * files and folders dropped or chosen are matched to products by the SKU,
 * option SKU or slug their names start with (lib/image-names.ts, on the
 * catalogue the bulk grid streams, options included); the person checks the
 * table, fixes a match by hand or skips a file, confirms, and each product's
 * files upload in name order through the media section's own path.
 */
export function ImagesByName() {
  const catalogue = useCatalogue(INVENTORY_CATALOGUE_URL);
  const products = catalogue.state.products;
  const index = useMemo(() => nameIndex(products.map(named)), [products]);
  const productByKey = useMemo(() => new Map(products.map((p) => [p.key, p])), [products]);
  const nameOf = (key: string) => productByKey.get(key)?.name ?? key;

  const batch = useBatchUpload();
  const { rows, dispatch } = batch;
  // The files' names change only when files are added: matched again then, or when more products arrive.
  const [names, setNames] = useState<{ id: string; name: string }[]>([]);
  const matches = useMemo(
    () => new Map(names.map(({ id, name }) => [id, matchFileName(index, name)] as const)),
    [names, index],
  );
  const counts = useMemo(() => batchCounts(rows, matches), [rows, matches]);
  const { targets, products: productCount } = useMemo(() => uploadTargets(rows, matches), [rows, matches]);
  const confirmedProducts = useMemo(
    () => new Set(rows.flatMap((r) => (r.status !== "ready" && r.target ? [r.target] : []))).size,
    [rows],
  );

  const [filter, setFilter] = useState<Filter>("all");
  const [page, setPage] = useState(0);
  const [fixing, setFixing] = useState<FileRow | null>(null);
  const [confirming, setConfirming] = useState(false);

  const shown = useMemo(
    () => rows.filter((row) => inFilter(filter, row, matches.get(row.id))),
    [rows, matches, filter],
  );
  const lastPage = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const at = Math.min(page, lastPage);
  const pageRows = shown.slice(at * pageSize, (at + 1) * pageSize);

  function add(picked: PickedFile[]) {
    if (!picked.length) return;
    const added = picked.map(({ file, path }) => {
      const id = `file-${++nextId}`;
      batch.keep(id, file);
      return newRow(id, { name: file.name, size: file.size, path }, precheckImage(file));
    });
    dispatch({ type: "add", rows: added });
    setNames((old) => [...old, ...added.map(({ id, name }) => ({ id, name }))]);
  }

  function clear() {
    dispatch({ type: "clear" });
    setNames([]);
    setFilter("all");
    setPage(0);
  }

  const loading = catalogue.state.phase === "loading";
  const ready = counts.matched;

  return (
    <div className="space-y-6">
      {loading ? (
        <ProgressBar
          label="Loading products to match"
          value={products.length}
          max={catalogue.state.total}
          text={`Loading products to match the names against: ${products.length.toLocaleString("en")}${catalogue.state.total !== null ? ` of ${catalogue.state.total.toLocaleString("en")}` : ""}.`}
        />
      ) : null}
      {catalogue.state.phase === "failed" ? (
        <Notice tone="error" title="The products could not all be loaded, so names cannot be matched yet.">
          <p>{catalogue.state.error}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={catalogue.reload}>
            Try again
          </Button>
        </Notice>
      ) : null}

      <DropZone onFiles={add} compact={rows.length > 0} />

      {rows.length ? (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-fg" data-testid="match-counts">
              {`${counts.files.toLocaleString("en")} ${counts.files === 1 ? "file" : "files"}: ${counts.matched} matched, ${counts.missed} without a match`}
              {counts.refused ? `, ${counts.refused} refused` : ""}
              {counts.skipped ? `, ${counts.skipped} skipped` : ""}
              {counts.files - counts.matched - counts.missed - counts.refused - counts.skipped
                ? `, ${counts.files - counts.matched - counts.missed - counts.refused - counts.skipped} sent`
                : ""}
              .
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="secondary" disabled={batch.running} onClick={clear}>
                Clear the list
              </Button>
              <Button disabled={!ready || loading} onClick={() => setConfirming(true)}>
                {ready ? `Upload ${ready} ${ready === 1 ? "file" : "files"}…` : "Upload"}
              </Button>
            </div>
          </div>
          {loading && ready ? (
            <p className="text-xs text-fg-muted">
              Upload waits until every product is loaded: a miss may still find its product.
            </p>
          ) : null}

          <UploadStatus
            counts={counts}
            rows={rows}
            running={batch.running}
            productCount={confirmedProducts}
            arrangeProblems={batch.arrangeProblems}
            nameOf={nameOf}
            onRetryFailed={() =>
              dispatch({ type: "retry", ids: rows.filter((r) => r.status === "failed").map((r) => r.id) })
            }
          />

          <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <h2 className="text-sm font-medium text-fg-muted">Files and their products</h2>
            <label className="flex items-center gap-2 text-sm text-fg">
              Show
              <Select
                value={filter}
                onChange={(event) => {
                  setFilter(event.currentTarget.value as Filter);
                  setPage(0);
                }}
              >
                {filters.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </Select>
            </label>
          </div>
          {pageRows.length ? (
            <MatchTable
              rows={pageRows}
              matches={matches}
              productByKey={productByKey}
              fileOf={batch.fileOf}
              onChange={setFixing}
              onSkip={(row, skipped) => dispatch({ type: "skip", id: row.id, skipped })}
              onRetry={(row) => dispatch({ type: "retry", ids: [row.id] })}
            />
          ) : (
            <p className="text-sm text-fg-muted">No file is in this view.</p>
          )}
          <Pagination
            page={at}
            pageSize={pageSize}
            itemCount={pageRows.length}
            total={shown.length}
            onPageChange={setPage}
            noun="files"
          />
        </>
      ) : null}

      <ProductChooser
        fileName={fixing?.name ?? null}
        products={products}
        onChoose={(product) => {
          if (fixing) dispatch({ type: "choose", id: fixing.id, productKey: product.key });
          setFixing(null);
        }}
        onSkip={() => {
          if (fixing) dispatch({ type: "skip", id: fixing.id, skipped: true });
          setFixing(null);
        }}
        onClose={() => setFixing(null)}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title={`Upload ${targets.size} ${targets.size === 1 ? "file" : "files"} to ${productCount} ${productCount === 1 ? "product" : "products"}?`}
        description="Each product’s files go after its existing images and videos, in the order of their names. Files without a product stay here and are not sent."
        confirmLabel="Upload"
        onConfirm={() => {
          dispatch({ type: "confirm", targets });
          setConfirming(false);
        }}
      />
    </div>
  );
}
