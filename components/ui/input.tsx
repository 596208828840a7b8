import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

/** The look every text control shares (inputs, text areas, selects), in both themes. */
export const controlClasses =
  "block min-h-control w-full rounded-md border border-border-strong bg-surface px-3 py-2 text-base text-fg placeholder:text-fg-muted disabled:cursor-not-allowed disabled:bg-surface-muted disabled:opacity-70 aria-invalid:border-danger sm:text-sm";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

/** A text input. Put it in a `Field` for its label, hint and error. */
export function Input({ className, type = "text", ...props }: InputProps) {
  return <input type={type} className={cn(controlClasses, className)} {...props} />;
}

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A text area that grows only when the person drags it. */
export function Textarea({ className, rows = 4, ...props }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, "resize-y", className)} {...props} />;
}
