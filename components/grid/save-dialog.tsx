"use client";

import AlertTriangle from "lucide-react/icons/triangle-alert";
import { type Dispatch, type SetStateAction, useMemo, useRef, useState } from "react";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogFooter } from "../ui/dialog";
import { Notice } from "../ui/notice";
import { ProgressBar } from "../ui/progress-bar";
import { Spinner } from "../ui/spinner";
import { toast } from "../ui/toast";
import { columnDef, type ColumnId, type GridContext, type GridItem } from "./columns";
import type { GridProblem } from "./grid";
import { type Conflict, findConflicts } from "./model/conflicts";
import { dropEdits, editedKeys, type EditsState, errorCount, lockEdits, rebase } from "./model/edits";
import { reviewChanges } from "./model/review";
import type { GridSaver } from "./saver";
import { counted, plural } from "./words";

type Phase =
  | { step: "review" }
  | { step: "checking" }
  | { step: "check-failed"; error: string }
  | { step: "conflicts"; conflicts: Conflict[]; current: ReadonlyMap<string, GridItem>; chosen: Map<string, Choice> }
  | { step: "saving"; done: number; total: number }
  | { step: "done"; saved: number; failed: { key: string; name: string; message: string }[] };

type Choice = "mine" | "theirs";

export interface SaveDialogProps<R extends GridItem> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown above the changes: the CSV import's dry run says so here. */
  note: string | null;
  edits: EditsState;
  setEdits: Dispatch<SetStateAction<EditsState>>;
  byKey: ReadonlyMap<string, R>;
  ctx: GridContext;
  /** What is changed so far, in words (the line beside "Review and save"). */
  summary: string;
  /** How the grid's rows are re-read and saved (the bulk editor's bulk-saver.ts, the inventory's inventory-saver.ts). */
  saver: GridSaver<R>;
  onSaving: (saving: boolean) => void;
  onProblems: (problems: ReadonlyMap<string, GridProblem>) => void;
}

/**
 * The review panel, the conflict check and the save in chunks, in one dialog.
 * Mounted while open: each opening starts at the review.
 */
export function SaveDialog<R extends GridItem>(props: SaveDialogProps<R>) {
  const { open, onOpenChange, edits, setEdits, byKey, ctx, saver, onSaving, onProblems } = props;
  const { noun } = saver;
  const count = (n: number) => plural(n, noun.one, noun.many);
  const [phase, setPhase] = useState<Phase>({ step: "review" });
  // The save runs across renders: it reads the latest edits and products from here.
  const latest = useRef({ edits, byKey });
  latest.current = { edits, byKey };

  const changes = useMemo(() => (open ? reviewChanges(edits, byKey, ctx) : []), [open, edits, byKey, ctx]);
  const invalid = errorCount(edits);
  const busy = phase.step === "saving" || phase.step === "checking";

  async function check() {
    onSaving(true);
    setPhase({ step: "checking" });
    const keys = editedKeys(latest.current.edits);
    let current: ReadonlyMap<string, GridItem>;
    try {
      current = await saver.readCurrent(keys);
    } catch (error) {
      onSaving(false);
      setPhase({
        step: "check-failed",
        error: error instanceof TypeError ? "The dashboard could not be reached." : (error as Error).message,
      });
      return;
    }
    const conflicts = findConflicts(latest.current.byKey, current, keys, latest.current.edits);
    if (conflicts.length) {
      onSaving(false);
      setPhase({ step: "conflicts", conflicts, current, chosen: new Map() });
      return;
    }
    await save();
  }

  function resolve(phaseNow: Extract<Phase, { step: "conflicts" }>) {
    const theirs: R[] = [];
    const dropped: string[] = [];
    for (const conflict of phaseNow.conflicts) {
      const choice = phaseNow.chosen.get(conflict.key);
      const stored = phaseNow.current.get(conflict.key) as R | undefined;
      if (stored) theirs.push(stored);
      if (choice === "theirs" || conflict.deleted) dropped.push(conflict.key);
    }
    // The grid now shows what the store holds; "keep mine" keeps the edits on top of it.
    saver.take(theirs);
    const nextByKey = new Map<string, R>(latest.current.byKey);
    for (const product of theirs) nextByKey.set(product.key, product);
    setEdits((current) => rebase(dropEdits(current, dropped), nextByKey));
    latest.current = { ...latest.current, byKey: nextByKey };
  }

  async function save() {
    const { edits: now, byKey: products } = latest.current;
    // A cell the product no longer takes (it got options since the grid read it): back to the
    // review, where it is listed with the reason, rather than left out of the save without a word.
    const locked = lockEdits(now, products);
    if (locked !== now) {
      setEdits(locked);
      onSaving(false);
      setPhase({ step: "review" });
      return;
    }
    onSaving(true);
    setPhase({ step: "saving", done: 0, total: 0 });
    const { saved, failed } = await saver.save({
      edits: now,
      byKey: products,
      ctx,
      setEdits,
      take: saver.take,
      progress: (done, total) => setPhase({ step: "saving", done, total }),
    });

    onProblems(new Map(failed.map((f) => [f.key, { message: f.message }])));
    onSaving(false);
    if (!failed.length) {
      toast.success(`Saved ${count(saved)}.`);
      onOpenChange(false);
      setPhase({ step: "review" });
    } else {
      setPhase({ step: "done", saved, failed });
    }
  }

  const title =
    phase.step === "conflicts"
      ? "Changed since you loaded them"
      : phase.step === "saving"
        ? "Saving"
        : phase.step === "done"
          ? `Some ${noun.many} did not save`
          : "Review changes";
  const description =
    phase.step === "conflicts"
      ? `Someone changed these ${noun.many} in the store after the grid loaded them. Choose, for each, whose values to keep.`
      : phase.step === "done"
        ? "Their changes are still in the grid, marked in red. Nothing else was lost."
        : `${props.summary}. Nothing is saved until you save.`;
  const warned = warningNotices(changes);

  return (
    <Dialog open={open} onOpenChange={(next) => (busy ? null : onOpenChange(next))}>
      <DialogContent title={title} description={description} wide className="sm:max-w-3xl">
        {phase.step === "review" || phase.step === "check-failed" ? (
          <>
            {props.note ? (
              <Notice tone="info" className="mt-4">
                {props.note}
              </Notice>
            ) : null}
            {invalid ? (
              <Notice tone="error" className="mt-4" title="Fix these first">
                {plural(invalid, "value")} cannot be saved as typed (marked in red below and in the grid).
              </Notice>
            ) : null}
            {phase.step === "check-failed" ? (
              <Notice tone="error" className="mt-4" title="Could not check for changes made elsewhere">
                {phase.error} Try again, or save without the check.
              </Notice>
            ) : null}
            {warned.map((notice) => (
              <Notice key={notice.column} tone="warning" className="mt-4" title={notice.title}>
                {notice.text}
              </Notice>
            ))}
            <ReviewList changes={changes} />
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Keep editing
              </Button>
              {phase.step === "check-failed" ? (
                <Button variant="secondary" onClick={() => void save()} disabled={invalid > 0}>
                  Save without the check
                </Button>
              ) : null}
              <Button onClick={() => void check()} disabled={invalid > 0 || !changes.length}>
                Save {count(new Set(changes.map((c) => c.key)).size)}
              </Button>
            </DialogFooter>
          </>
        ) : phase.step === "checking" ? (
          <p className="mt-6 flex items-center gap-2 text-sm" role="status">
            <Spinner /> Checking the store for changes made since the grid loaded…
          </p>
        ) : phase.step === "conflicts" ? (
          <>
            <p className="mt-3 text-sm text-fg-muted">
              This check is best effort: the store has no conditional write, so a change made in the next moments can
              still be overwritten.
            </p>
            <ul className="mt-3 max-h-[50dvh] space-y-3 overflow-y-auto" aria-label="Conflicts">
              {phase.conflicts.map((conflict) => {
                const choice = phase.chosen.get(conflict.key);
                const choose = (value: Choice) => {
                  const chosen = new Map(phase.chosen);
                  chosen.set(conflict.key, value);
                  setPhase({ ...phase, chosen });
                };
                return (
                  <li key={conflict.key} className="rounded-md border border-border p-3">
                    <p className="font-medium">{conflict.name}</p>
                    {conflict.deleted ? (
                      <p className="text-sm text-fg-muted">
                        It was deleted from the store; your changes to it cannot be saved.
                      </p>
                    ) : conflict.fields.length ? (
                      <ul className="mt-1 space-y-1 text-sm">
                        {conflict.fields.map((field) => {
                          const column = columnDef(field.column);
                          return (
                            <li key={field.column}>
                              {column.label}: theirs <strong>{column.format(field.theirs, ctx) || "empty"}</strong>,
                              yours <strong>{column.format(field.mine, ctx) || "empty"}</strong> (was{" "}
                              {column.format(field.loaded, ctx) || "empty"})
                            </li>
                          );
                        })}
                      </ul>
                    ) : (
                      <p className="text-sm text-fg-muted">
                        It was saved elsewhere, though not in the columns you changed.
                      </p>
                    )}
                    {!conflict.deleted ? (
                      <div
                        className="mt-2 flex gap-2"
                        role="group"
                        aria-label={`Keep whose values for ${conflict.name}`}
                      >
                        <Button
                          size="sm"
                          variant={choice === "mine" ? "primary" : "secondary"}
                          aria-pressed={choice === "mine"}
                          onClick={() => choose("mine")}
                        >
                          Keep mine
                        </Button>
                        <Button
                          size="sm"
                          variant={choice === "theirs" ? "primary" : "secondary"}
                          aria-pressed={choice === "theirs"}
                          onClick={() => choose("theirs")}
                        >
                          Take theirs
                        </Button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
            <DialogFooter>
              <Button
                variant="secondary"
                onClick={() => {
                  resolve({ ...phase, chosen: new Map(phase.conflicts.map((c) => [c.key, "theirs" as const])) });
                  setPhase({ step: "review" });
                }}
              >
                Take all theirs
              </Button>
              <Button
                variant="secondary"
                onClick={() => {
                  resolve({ ...phase, chosen: new Map(phase.conflicts.map((c) => [c.key, "mine" as const])) });
                  setPhase({ step: "review" });
                }}
              >
                Keep all mine
              </Button>
              <Button
                disabled={phase.conflicts.some((c) => !c.deleted && !phase.chosen.has(c.key))}
                onClick={() => {
                  resolve(phase);
                  setPhase({ step: "review" });
                }}
              >
                Apply choices
              </Button>
            </DialogFooter>
          </>
        ) : phase.step === "saving" ? (
          <div className="mt-6" role="status">
            <ProgressBar
              label={`Saving ${noun.many}`}
              value={phase.done}
              max={phase.total}
              text={`Saving ${noun.many}: ${counted(phase.done)} of ${counted(phase.total)}`}
            />
          </div>
        ) : (
          <>
            <p className="mt-4 text-sm">
              Saved {count(phase.saved)}; {count(phase.failed.length)} did not save.
            </p>
            <ul className="mt-3 max-h-[40dvh] space-y-1 overflow-y-auto text-sm" aria-label="Not saved">
              {phase.failed.slice(0, 500).map((f) => (
                <li key={f.key} className="flex gap-2">
                  <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
                  <span>
                    <strong>{f.name}</strong>: {f.message}
                  </span>
                </li>
              ))}
              {phase.failed.length > 500 ? <li>and {counted(phase.failed.length - 500)} more</li> : null}
            </ul>
            <DialogFooter>
              <Button variant="secondary" onClick={() => onOpenChange(false)}>
                Back to the grid
              </Button>
              <Button onClick={() => void check()}>Retry the unsaved {noun.many}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A notice per column whose changes carry warnings (a price cut by more than half), as the column words it. */
function warningNotices(changes: ReturnType<typeof reviewChanges>) {
  const counts = new Map<ColumnId, number>();
  for (const change of changes) if (change.warning) counts.set(change.column, (counts.get(change.column) ?? 0) + 1);
  return [...counts].flatMap(([column, count]) => {
    const notice = columnDef(column).warningNotice?.(count);
    return notice ? [{ column, ...notice }] : [];
  });
}

const REVIEW_SHOWN = 1000;

function ReviewList({ changes }: { changes: ReturnType<typeof reviewChanges> }) {
  // Problems first, then what deserves a second look.
  const rank = (c: ReturnType<typeof reviewChanges>[number]) => (c.error ? 0 : c.warning ? 1 : 2);
  const sorted = useMemo(() => [...changes].sort((a, b) => rank(a) - rank(b)), [changes]);
  if (!changes.length) return <p className="mt-4 text-sm text-fg-muted">No changes to save.</p>;
  return (
    <div className="mt-4 max-h-[50dvh] overflow-y-auto rounded-md border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">Changes to save</caption>
        <thead className="sticky top-0 bg-surface-muted text-start text-xs text-fg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              Product
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              Field
            </th>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.slice(0, REVIEW_SHOWN).map((change) => (
            <tr key={`${change.key}:${change.column}`} className="border-t border-border align-top">
              <td className="px-3 py-2 font-medium">{change.name}</td>
              <td className="px-3 py-2">{change.label}</td>
              <td className={change.error ? "px-3 py-2 text-danger-soft-fg" : "px-3 py-2"}>
                <span className="text-fg-muted line-through">{change.before || "empty"}</span> →{" "}
                <span>{change.after || "empty"}</span>
                {change.error ? <span className="block">{change.error}</span> : null}
                {change.warning ? (
                  <span className="mt-1 flex w-fit items-center gap-1 rounded-sm bg-warning-soft px-1.5 py-0.5 font-medium text-warning-soft-fg">
                    <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
                    {change.warning}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {changes.length > REVIEW_SHOWN ? (
        <p className="border-t border-border px-3 py-2 text-sm text-fg-muted">
          and {counted(changes.length - REVIEW_SHOWN)} more changes
        </p>
      ) : null}
    </div>
  );
}
