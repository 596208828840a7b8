import PackageX from "lucide-react/icons/package-x";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function ProductNotFound() {
  return (
    <EmptyState
      as="h1"
      icon={PackageX}
      title="No such product"
      action={
        <Link href="/products" className={buttonClasses("primary")}>
          Back to products
        </Link>
      }
    >
      The store has no product with this key or slug. It may have been deleted.
    </EmptyState>
  );
}
