import { EditorSkeleton } from "@/components/products/editor/editor-loader";
import { PageHeader } from "@/components/ui/page-header";

export default function LoadingProduct() {
  return (
    <div className="max-w-5xl">
      <PageHeader title="Product" description="Edit the product. Save sends only what changed." />
      <EditorSkeleton label="Loading the product…" />
    </div>
  );
}
