"use client";

import Redo2 from "lucide-react/icons/redo-2";
import Undo2 from "lucide-react/icons/undo-2";
import { Button } from "../ui/button";

export interface EditBarProps {
  canUndo: boolean;
  canRedo: boolean;
  /** Whether "Fill down" applies: a selection of two rows or more, and editing allowed. */
  canFillDown: boolean;
  /** Whether "Set value…" applies: a selection, and editing allowed. */
  canSetValue: boolean;
  /** Whether there is anything to review. */
  canReview: boolean;
  saving: boolean;
  /** What is changed so far, in words (grid-state.ts, changeSummary; the bulk editor's tells a reorder as moves). */
  summary: string;
  onUndo: () => void;
  onRedo: () => void;
  onFillDown: () => void;
  onSetValue: () => void;
  onReview: () => void;
}

/** The bar above the grid for what changes values: undo, redo, fill down, set value, and review and save. */
export function EditBar(props: EditBarProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button variant="ghost" size="sm" onClick={props.onUndo} disabled={!props.canUndo || props.saving}>
        <Undo2 aria-hidden="true" />
        <span className="max-sm:sr-only">Undo</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={props.onRedo} disabled={!props.canRedo || props.saving}>
        <Redo2 aria-hidden="true" />
        <span className="max-sm:sr-only">Redo</span>
      </Button>
      <Button variant="ghost" size="sm" disabled={!props.canFillDown} onClick={props.onFillDown}>
        Fill down
      </Button>
      <Button variant="ghost" size="sm" disabled={!props.canSetValue} onClick={props.onSetValue}>
        Set value…
      </Button>
      <p className="text-sm text-fg-muted" aria-live="polite">
        {props.summary}
      </p>
      <Button className="ms-auto" size="sm" disabled={!props.canReview || props.saving} onClick={props.onReview}>
        Review and save
      </Button>
    </div>
  );
}
