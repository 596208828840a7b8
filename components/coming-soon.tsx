import { PageHeader } from "./ui/page-header";
import { Notice } from "./ui/notice";

/** A section the sidebar names but Store Admin does not manage yet. */
export function ComingSoon({ title, headline, what }: { title: string; headline: string; what: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Notice tone="info" title={headline}>
        Store Admin will {what} here. Until then, use your store&apos;s own admin.
      </Notice>
    </>
  );
}
