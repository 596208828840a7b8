"use client";

import Printer from "lucide-react/icons/printer";
import { Button } from "../../ui/button";

/** Opens the browser's own print dialog (docs/architecture.md#printing): no PDF is made here. */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <Button onClick={() => window.print()}>
      <Printer aria-hidden="true" />
      {label}
    </Button>
  );
}
