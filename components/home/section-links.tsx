import ArrowRight from "lucide-react/icons/arrow-right";
import Link from "next/link";
import type { Section } from "@/lib/navigation";
import { cn } from "@/components/ui/cn";

/**
 * A card per section the user may use (lib/navigation.ts): the whole card is
 * the link, named by the section and described by its line. `compact` is the
 * row below the dashboard's widgets; otherwise they are the page.
 */
export function SectionLinks({ sections, compact = false }: { sections: readonly Section[]; compact?: boolean }) {
  return (
    <ul
      aria-label="Sections"
      className={cn("grid gap-3", compact ? "sm:grid-cols-2 lg:grid-cols-3" : "gap-4 sm:grid-cols-2")}
    >
      {sections.map(({ path, label, description, icon: Icon }) => {
        const aboutId = `section${path.replace(/\//g, "-")}-about`;
        return (
          <li
            key={path}
            className={cn(
              "group relative flex rounded-lg border border-border bg-surface shadow-sm transition-colors hover:border-border-strong hover:bg-surface-hover",
              compact ? "gap-3 p-3" : "gap-4 p-4",
            )}
          >
            <span
              className={cn(
                "flex shrink-0 items-center justify-center rounded-md bg-accent-soft text-accent-soft-fg",
                compact ? "size-8" : "size-10",
              )}
            >
              <Icon aria-hidden="true" className={compact ? "size-4" : "size-5"} />
            </span>
            <div className="min-w-0 flex-1">
              {/* The whole card is the link's target; its name stays the section's. */}
              <Link
                href={path}
                aria-describedby={aboutId}
                className="font-semibold text-fg after:absolute after:inset-0 after:rounded-lg"
              >
                {label}
              </Link>
              <p id={aboutId} className={cn("text-fg-muted", compact ? "text-xs" : "mt-1 text-sm")}>
                {description}
              </p>
            </div>
            <ArrowRight
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 text-fg-muted transition-transform group-hover:translate-x-0.5"
            />
          </li>
        );
      })}
    </ul>
  );
}
