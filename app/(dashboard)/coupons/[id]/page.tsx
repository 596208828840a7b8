import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import Pencil from "lucide-react/icons/pencil";
import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { CodesList } from "@/components/coupons/codes-list";
import { UsageSummary, ValidityBadge } from "@/components/coupons/coupon-bits";
import { DeleteCouponButton } from "@/components/coupons/delete-coupon-button";
import { DateRange, LocalDate } from "@/components/coupons/local-date";
import { NoAccess } from "@/components/no-access";
import { StoreProblemNotice } from "@/components/store-problem";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { mayUse, sectionAt } from "@/lib/navigation";
import { queryKeys } from "@/lib/query-keys";
import { requireSession } from "@/lib/session";
import { getCouponWithCodes } from "@/lib/store/coupons/api";
import { codeRow, couponTypeLabel, discountText, limitText, unixNow } from "@/lib/store/coupons/model";
import { loadFromStore } from "@/lib/store/load";

export const metadata: Metadata = { title: "Coupon" };

const back = { href: "/coupons", label: "Back to coupons" };

/**
 * Up to this many codes come with the page; more are read by the browser after
 * it (one JSON, not the HTML), and this server holds none of them.
 */
const codesWithThePage = 1000;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-fg-muted">{term}</dt>
      <dd className="mt-1 text-sm text-fg">{children}</dd>
    </div>
  );
}

export default async function CouponPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const here = `/coupons/${encodeURIComponent(id)}`;
  const session = await requireSession(here);
  const section = sectionAt(here)!;
  if (!mayUse(session.permissions, section)) return <NoAccess section={section} storeName={session.storeName} />;

  const loaded = await loadFromStore(here, async (store) => ({
    coupon: await getCouponWithCodes(store, id, { upTo: codesWithThePage }),
    // When it was read: what is upcoming, active or expired is told as of then.
    now: unixNow(),
  }));
  if (!loaded.ok) {
    return (
      <>
        <PageHeader title="Coupon" back={back} />
        {/* A 404 says "No coupon with id 42. It may have been deleted.": the way out is the list. */}
        <StoreProblemNotice problem={loaded.problem} retryHref={here} back={back} />
      </>
    );
  }

  const { now } = loaded.data;
  const { codeList, ...coupon } = loaded.data.coupon;
  const name = coupon.name || `Coupon ${coupon.id}`;
  const queryClient = new QueryClient();
  if (codeList) {
    queryClient.setQueryData(queryKeys.coupons.codes(coupon.id), codeList.map(codeRow));
  }

  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title={name}
        description={discountText(coupon)}
        back={back}
        actions={
          <>
            <Link href={`${here}/edit`} className={buttonClasses("primary")}>
              <Pencil aria-hidden="true" />
              Edit coupon
            </Link>
            <DeleteCouponButton coupon={{ ...coupon, name }} />
          </>
        }
      />
      <Card>
        <dl className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          <Fact term="Type">
            {couponTypeLabel(coupon.type)}
            {coupon.freeShip ? <span className="block text-fg-muted">Plus free shipping</span> : null}
          </Fact>
          <Fact term="Validity">
            <span className="flex flex-col items-start gap-1">
              <ValidityBadge coupon={coupon} now={now} />
              <DateRange start={coupon.startDate} end={coupon.endDate} />
            </span>
          </Fact>
          <Fact term="Usage">
            <UsageSummary coupon={coupon} />
          </Fact>
          <Fact term="Limit">
            {limitText(coupon)}
            {coupon.created !== null ? (
              <span className="block text-fg-muted">
                Created <LocalDate seconds={coupon.created} />
              </span>
            ) : null}
          </Fact>
        </dl>
      </Card>
      <Card>
        <HydrationBoundary state={dehydrate(queryClient)}>
          <CodesList couponId={coupon.id} couponName={name} />
        </HydrationBoundary>
      </Card>
    </div>
  );
}
