import ReceiptText from "lucide-react/icons/receipt-text";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** An order number the store does not know, or a path that is not an order number at all. */
export default function OrderNotFound() {
  return (
    <EmptyState
      as="h1"
      icon={ReceiptText}
      title="No such order"
      action={
        <Link href="/orders" className={buttonClasses("primary")}>
          Back to orders
        </Link>
      }
    >
      The store has no order with this number. Check the number, or find the order in the list.
    </EmptyState>
  );
}
