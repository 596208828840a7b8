import Inbox from "lucide-react/icons/inbox";
import Pencil from "lucide-react/icons/pencil";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { Badge, Chip, ChipList } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox, CheckboxGroup } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Field } from "@/components/ui/field";
import { Input, Textarea } from "@/components/ui/input";
import { Logo } from "@/components/ui/logo";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Select } from "@/components/ui/select";
import { Skeleton, SkeletonRows } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { TextField } from "@/components/ui/text-field";
import { devPagesEnabled } from "@/lib/dev-pages";
import {
  ButtonPaginationDemo,
  ChoiceTilesDemo,
  DialogDemo,
  KeyValueDemo,
  MenuDemo,
  PendingDemo,
  RowActionsDemo,
  SortableListDemo,
  TagInputDemo,
  ThemeSwitch,
  ToastDemo,
} from "./gallery-client";

export const metadata: Metadata = { title: "Components" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const people = [
  { email: "ann@example.com", active: true, permissions: ["Orders", "Products", "Users"], orders: 128 },
  { email: "bo.longname-with-a-very-long-address@example.com", active: false, permissions: ["Coupons"], orders: 3 },
  { email: "cy@example.com", active: true, permissions: [], orders: 0 },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card id={id} title={title}>
      <div className="space-y-4">{children}</div>
    </Card>
  );
}

/**
 * Every primitive of components/ui in every variant and state, for
 * development and review (docs/design.md). Off in production builds unless
 * DASHBOARD_DEV_PAGES=1.
 */
export default async function ComponentGalleryPage({ searchParams }: { searchParams: SearchParams }) {
  if (!devPagesEnabled()) notFound();
  const pageParam = Number((await searchParams).page ?? 0);
  const page = Number.isInteger(pageParam) && pageParam >= 0 && pageParam < 7 ? pageParam : 0;

  return (
    <>
      <PageHeader
        title="Components"
        description="The dashboard's design system: every primitive, in every state. Development only."
        breadcrumb={[{ label: "Home", href: "/" }]}
        actions={
          <>
            <Button variant="secondary">Secondary</Button>
            <Button>Primary action</Button>
          </>
        }
      />
      <div className="space-y-6">
        <Section id="theme" title="Theme and logo">
          <ThemeSwitch />
          <div className="flex flex-wrap items-center gap-6">
            <Logo />
            <Logo wordmark={false} />
          </div>
        </Section>

        <Section id="buttons" title="Buttons">
          <div className="flex flex-wrap items-center gap-2">
            <Button>Primary</Button>
            <Button variant="secondary">Secondary</Button>
            <Button variant="danger">Danger</Button>
            <Button variant="ghost">Ghost</Button>
            <Button disabled>Disabled</Button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm">Small</Button>
            <Button size="sm" variant="secondary">
              Small secondary
            </Button>
            <Button size="icon" variant="secondary" aria-label="Edit (an icon button)">
              <Pencil aria-hidden="true" />
            </Button>
            <Button pending pendingLabel="Inviting…">
              Invite user
            </Button>
            <a href="#buttons" className={buttonClasses("secondary")}>
              A link styled as a button
            </a>
          </div>
          <PendingDemo />
        </Section>

        <Section id="fields" title="Fields">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField id="gallery-email" label="Email" type="email" required placeholder="ann@example.com" />
            <TextField
              id="gallery-email-error"
              label="Email"
              type="email"
              defaultValue="ann@"
              error="must be an email address"
            />
            <Field id="gallery-code" label="Coupon code" hint="Letters and digits; customers type it at checkout.">
              {(control) => <Input {...control} defaultValue="SPRING15" className="font-mono" />}
            </Field>
            <Field id="gallery-disabled" label="Store currency" hint="Set when the store was created.">
              {(control) => <Input {...control} defaultValue="USD" disabled />}
            </Field>
            <Field id="gallery-country" label="Country" required>
              {(control) => (
                <Select {...control} defaultValue="US">
                  <option value="US">United States</option>
                  <option value="CA">Canada</option>
                  <option value="GB">United Kingdom</option>
                </Select>
              )}
            </Field>
            <Field id="gallery-kind" label="Rate" error="choose how shipping is charged">
              {(control) => (
                <Select {...control} defaultValue="">
                  <option value="">Choose…</option>
                  <option value="flat">Flat per cart</option>
                  <option value="item">Per item</option>
                </Select>
              )}
            </Field>
          </div>
          <Field id="gallery-description" label="Description" hint="Shown on the product's page.">
            {(control) => <Textarea {...control} placeholder="A sturdy mug for big mornings." />}
          </Field>
        </Section>

        <Section id="checkboxes" title="Checkboxes">
          <Checkbox id="gallery-notify" label="Email the customer" description="Sends the order's shipping notice." />
          <CheckboxGroup
            id="gallery-permissions"
            legend="Permissions"
            hint="What this person may do."
            error="choose at least one permission"
            columns={2}
          >
            <Checkbox id="gallery-p-orders" tile label="Manage orders" description="See, fulfil and cancel orders" />
            <Checkbox
              id="gallery-p-products"
              tile
              defaultChecked
              label="Manage products"
              description="Add and change products"
            />
            <Checkbox id="gallery-p-users" tile disabled label="Manage users" description="Not yours to give" />
          </CheckboxGroup>
        </Section>

        <Section id="choices" title="Choice tiles">
          <ChoiceTilesDemo />
        </Section>

        <Section id="sortable" title="Sortable list">
          <p className="text-sm text-fg-muted">
            Drag a handle with a mouse or a finger, or focus it and press Space, the arrow keys, then Space (Escape
            cancels).
          </p>
          <SortableListDemo />
        </Section>

        <Section id="tags" title="Tag input">
          <TagInputDemo />
        </Section>

        <Section id="key-value" title="Key–value editor">
          <KeyValueDemo />
        </Section>

        <Section id="badges" title="Badges and chips">
          <div className="flex flex-wrap gap-2">
            <Badge>Neutral</Badge>
            <Badge tone="info">Info</Badge>
            <Badge tone="success" dot>
              Active
            </Badge>
            <Badge tone="warning" dot>
              Unfulfilled
            </Badge>
            <Badge tone="danger" icon={<Inbox aria-hidden="true" />}>
              Cancelled
            </Badge>
          </div>
          <div className="flex flex-wrap gap-1">
            <Chip>Manage orders</Chip>
            <Chip>Manage products</Chip>
          </div>
        </Section>

        <Section id="table" title="Table that stacks on phones">
          <Table aria-label="Users" stackOnMobile>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Permissions</TableHead>
                <TableHead numeric>Orders</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {people.map((person) => (
                <TableRow key={person.email}>
                  <TableCell label="Email" className="font-medium break-all">
                    {person.email}
                  </TableCell>
                  <TableCell label="Status">
                    <Badge tone={person.active ? "success" : "neutral"} dot>
                      {person.active ? "Active" : "Inactive"}
                    </Badge>
                  </TableCell>
                  <TableCell label="Permissions">
                    {person.permissions.length ? (
                      <ChipList label={`Permissions of ${person.email}`} items={person.permissions} />
                    ) : (
                      <span className="text-fg-muted">None</span>
                    )}
                  </TableCell>
                  <TableCell label="Orders" numeric>
                    {person.orders}
                  </TableCell>
                  <TableCell className="w-0 text-end max-md:text-start">
                    <RowActionsDemo name={person.email} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>

        <Section id="menus" title="Menus and dialogs">
          <div className="flex flex-wrap gap-2">
            <MenuDemo />
          </div>
          <DialogDemo />
        </Section>

        <Section id="toasts" title="Toasts">
          <ToastDemo />
        </Section>

        <Section id="empty" title="Empty state">
          <EmptyState
            icon={Inbox}
            title="No coupons yet"
            action={
              <a href="#empty" className={buttonClasses("primary")}>
                Create coupon
              </a>
            }
          >
            Coupons give customers a discount with a code. Create one to start a sale.
          </EmptyState>
        </Section>

        <Section id="skeletons" title="Loading">
          <Skeleton className="h-8 w-48" />
          <SkeletonRows label="Loading users…" rows={3} />
        </Section>

        <Section id="pagination" title="Pagination">
          <Pagination
            page={page}
            pageSize={20}
            itemCount={page === 6 ? 14 : 20}
            total={134}
            hrefFor={(target) => `/dev/ui?page=${target}#pagination`}
            label="Pagination of products"
            noun="products"
          />
          <ButtonPaginationDemo />
        </Section>

        <Section id="notices" title="Notices">
          <Notice tone="info" title="Coupons are coming soon">
            Until then, use your store&apos;s own admin.
          </Notice>
          <Notice tone="success">Saved the permissions of ann@example.com.</Notice>
          <Notice tone="warning" title="The store is not answering">
            Check that it is running, then try again.
          </Notice>
          <Notice tone="error" title="Not allowed">
            Ask the store&apos;s owner to grant it, then sign in again.
          </Notice>
        </Section>
      </div>
    </>
  );
}
