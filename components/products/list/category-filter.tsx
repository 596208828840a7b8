"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type FormEvent, useId, useState } from "react";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { Button, buttonClasses } from "../../ui/button";
import { Input } from "../../ui/input";
import {
  categorySlugFor,
  defaultPageSize,
  type KnownCategory,
  listHref,
  type ProductListParams,
} from "@/lib/store/products/input-list";

interface CatalogueCategories {
  categories: KnownCategory[];
  productCount: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Filter by category, in the URL (`?category=slug`). The API lists a
 * category's products but has no list of categories, so the suggestions come
 * from reading every product (GET /api/product-categories), started the
 * first time the field is used, and the hint says so. A person can always
 * type a category's name or slug.
 */
export function CategoryFilter({ params }: { params: ProductListParams }) {
  const router = useRouter();
  const id = useId();
  const [wanted, setWanted] = useState(false);
  const [text, setText] = useState(params.category);
  const categories = useQuery({
    queryKey: queryKeys.products.categories(),
    queryFn: ({ signal }) => fetchJson<CatalogueCategories>("/api/product-categories", { signal }),
    enabled: wanted,
    staleTime: 5 * 60_000,
  });
  const known = categories.data?.categories ?? [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const category = categorySlugFor(text, known);
    router.push(listHref({ page: 0, count: params.count, category }));
  }

  const hint = !wanted
    ? "Type a category's name or slug. Suggestions come from reading all your products."
    : categories.isPending
      ? "Reading all your products to find their categories…"
      : categories.isError
        ? "Could not read your products to suggest categories. Type a category's name or slug."
        : `${plural(known.length, "category", "categories")} found in your ${plural(categories.data.productCount, "product", "products")}.`;

  return (
    <form
      action="/products"
      method="get"
      role="search"
      aria-label="Filter products by category"
      onSubmit={submit}
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="grow sm:max-w-sm">
        <label htmlFor={`${id}-category`} className="block text-sm font-medium text-fg">
          Category
        </label>
        <p id={`${id}-hint`} role="status" className="mt-0.5 text-sm text-fg-muted">
          {hint}
        </p>
        <Input
          id={`${id}-category`}
          name="category"
          className="mt-1"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          list={`${id}-known`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onFocus={() => setWanted(true)}
          onPointerEnter={() => setWanted(true)}
        />
        <datalist id={`${id}-known`}>
          {known.map((category) => (
            <option key={category.slug} value={category.name} />
          ))}
        </datalist>
      </div>
      {params.count !== defaultPageSize ? <input type="hidden" name="count" value={params.count} /> : null}
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          Show category
        </Button>
        {params.category ? (
          <Link href={listHref({ page: 0, count: params.count, category: "" })} className={buttonClasses("ghost")}>
            Show all products
          </Link>
        ) : null}
      </div>
    </form>
  );
}
