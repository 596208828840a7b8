import { EditorSkeleton } from "@/components/products/editor/editor-loader";
import { PageHeader } from "@/components/ui/page-header";

export default function LoadingNewProduct() {
  return (
    <div className="max-w-5xl">
      <PageHeader title="New product" />
      <EditorSkeleton label="Loading the form…" />
    </div>
  );
}
