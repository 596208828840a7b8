import tokens from "@/lib/design/tokens.json";
import { cn } from "./cn";

/**
 * Store Admin's mark and wordmark, from the tokens (logo). The mark is
 * decorative: the wordmark, or the link around the logo, names it.
 */
export function Logo({ wordmark = true, className }: { wordmark?: boolean; className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold text-fg", className)}>
      <svg
        aria-hidden="true"
        viewBox={tokens.logo.viewBox}
        className="size-7 shrink-0 text-(--logo-background)"
        // A constant of our own tokens file, never user input.
        dangerouslySetInnerHTML={{ __html: tokens.logo.mark }}
      />
      {wordmark ? <span className="text-lg tracking-tight">{tokens.logo.wordmark}</span> : null}
    </span>
  );
}
