import { cn } from "./cn";

/** A grey placeholder in the shape of what is loading. Hidden from screen readers. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("rounded-md bg-surface-hover motion-safe:animate-pulse", className)} />;
}

export interface SkeletonRowsProps {
  /** Names what loads, for screen readers: "Loading users…". */
  label: string;
  rows?: number;
  /** The height of each row (a Tailwind class). */
  rowClassName?: string;
  className?: string;
}

/** A loading list: a status region that says what loads, and placeholder rows. */
export function SkeletonRows({ label, rows = 3, rowClassName = "h-16", className }: SkeletonRowsProps) {
  return (
    <div role="status" className={cn("space-y-3", className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={cn("rounded-lg", rowClassName)} />
      ))}
    </div>
  );
}
