"use client";

import { Notice } from "@/components/ui/notice";

/** What a CSV import left out; or why none of it was taken (`rejected`), which is an error, not a warning. */
export function ImportProblemsNotice({ problems, rejected }: { problems: readonly string[]; rejected: boolean }) {
  return (
    <Notice
      tone={rejected ? "error" : "warning"}
      title={rejected ? "The CSV was not imported: nothing in the grid changed" : "Parts of the CSV were left out"}
    >
      <ul className="list-disc ps-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </Notice>
  );
}
