/** Joins class names, skipping the empty ones: `cn("a", busy && "b", className)`. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
