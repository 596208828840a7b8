"use client";

import X from "lucide-react/icons/x";
import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, type Ref, useId, useRef, useState } from "react";
import { cn } from "./cn";
import { Input } from "./input";

const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Tags in typed or pasted text: split on commas and line breaks, trimmed, inner spaces collapsed, empties dropped. */
export function splitTags(text: string): string[] {
  return text
    .split(/[,\n\r\t]/)
    .map((tag) => tag.trim().replace(/\s+/g, " "))
    .filter(Boolean);
}

/**
 * `incoming` added to `current` in order, skipping any already there (case
 * does not make a new tag: "mugs" is "Mugs") and repeats among themselves.
 */
export function addTags(
  current: readonly string[],
  incoming: readonly string[],
): { tags: string[]; added: string[]; duplicates: string[] } {
  const tags = [...current];
  const added: string[] = [];
  const duplicates: string[] = [];
  for (const tag of incoming) {
    if (tags.some((t) => sameTag(t, tag))) duplicates.push(tag);
    else {
      tags.push(tag);
      added.push(tag);
    }
  }
  return { tags, added, duplicates };
}

/** The suggestions not chosen yet, each once. */
export function openSuggestions(suggestions: readonly string[], tags: readonly string[]): string[] {
  return addTags(tags, suggestions).added;
}

/** What the live region says after a change. */
export function tagMessage(
  added: readonly string[],
  removed: readonly string[],
  duplicates: readonly string[],
): string {
  const parts: string[] = [];
  if (added.length) parts.push(`Added ${added.join(", ")}.`);
  if (removed.length) parts.push(`Removed ${removed.join(", ")}.`);
  if (duplicates.length)
    parts.push(`${duplicates.join(", ")} ${duplicates.length > 1 ? "are" : "is"} already in the list.`);
  return parts.join(" ");
}

export interface TagInputProps {
  /** The text input's id: give the same to the `Field` around it. */
  id: string;
  value: readonly string[];
  onChange: (tags: string[]) => void;
  /** The list of chosen tags is named by it: "Categories". */
  label: string;
  /** Offered while typing (the browser's own list: phones show it above their keyboard). */
  suggestions?: readonly string[];
  /** Submits the tags with a form, comma-separated, under this name. */
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  "aria-required"?: true;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Tags typed into one input: Enter or a comma adds what was typed, a paste of
 * comma-separated values adds each, Backspace in the empty input removes the
 * last tag, and each tag has its own "Remove <tag>" button. Duplicates are
 * ignored (and said so). Controlled: `value` and `onChange`.
 */
export function TagInput({
  id,
  value,
  onChange,
  label,
  suggestions,
  name,
  placeholder = "Type, then press Enter",
  disabled,
  className,
  ref,
  ...aria
}: TagInputProps) {
  const [text, setText] = useState("");
  const [message, setMessage] = useState("");
  const said = useRef(0);
  const input = useRef<HTMLInputElement | null>(null);
  const listId = useId();
  const open = suggestions ? openSuggestions(suggestions, value) : [];

  const announce = (words: string) => setMessage(words + (said.current++ % 2 ? "\u00a0" : ""));

  function add(raw: string) {
    const { tags, added, duplicates } = addTags(value, splitTags(raw));
    if (added.length) onChange(tags);
    if (added.length || duplicates.length) announce(tagMessage(added, [], duplicates));
  }

  function removeAt(index: number) {
    const removed = value[index];
    if (removed === undefined) return;
    onChange(value.filter((_, i) => i !== index));
    announce(tagMessage([], [removed], []));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === "Enter" || event.key === ",") && !event.nativeEvent.isComposing) {
      // Enter with nothing typed is left to the form (it submits).
      if (event.key === "Enter" && !text.trim()) return;
      event.preventDefault();
      add(text);
      setText("");
    } else if (event.key === "Backspace" && text === "" && value.length) {
      event.preventDefault();
      removeAt(value.length - 1);
    }
  }

  function onInputChange(event: ChangeEvent<HTMLInputElement>) {
    const next = event.target.value;
    const native = event.nativeEvent as Partial<InputEvent>;
    // A suggestion picked from the list arrives whole (no inputType, or a replacement): add it at once.
    const picked =
      (native.inputType === undefined || native.inputType === "insertReplacementText") && open.some((s) => s === next);
    if (picked) {
      add(next);
      setText("");
    } else if (/[,\n]/.test(next)) {
      // Phone keyboards may send the comma without a usable keydown.
      const parts = next.split(/[,\n]/);
      const rest = parts.pop() ?? "";
      add(parts.join(","));
      setText(rest.trimStart());
    } else setText(next);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    if (!/[,\n]/.test(pasted)) return;
    event.preventDefault();
    add(`${text},${pasted}`);
    setText("");
  }

  return (
    <div className={cn("space-y-2", className)}>
      {value.length ? (
        <ul aria-label={label} className="flex flex-wrap gap-1.5">
          {value.map((tag, index) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center rounded-sm border border-border bg-surface-muted ps-2 text-sm text-fg"
            >
              <span className="min-w-0 break-words">{tag}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${tag}`}
                className="inline-flex size-9 shrink-0 items-center justify-center rounded-sm text-fg-muted hover:bg-surface-hover hover:text-fg disabled:cursor-not-allowed sm:size-7"
                onClick={() => {
                  removeAt(index);
                  // The button goes away with its tag: keep the person in the field.
                  input.current?.focus();
                }}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        ref={(el) => {
          input.current = el;
          if (typeof ref === "function") ref(el);
          else if (ref) ref.current = el;
        }}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        autoComplete="off"
        enterKeyHint="enter"
        list={suggestions ? listId : undefined}
        onChange={onInputChange}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => {
          if (text.trim()) {
            add(text);
            setText("");
          }
        }}
        {...aria}
      />
      {suggestions ? (
        <datalist id={listId}>
          {open.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      ) : null}
      {name ? <input type="hidden" name={name} value={value.join(",")} /> : null}
      <span role="status" className="sr-only">
        {message}
      </span>
    </div>
  );
}
