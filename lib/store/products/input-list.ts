import { categorySlugFromName } from "./model";

/**
 * The product list's state lives in the URL (shareable; Back works):
 * `?category=slug&page=2&count=50`, or a search by name or SKU `?q=lamp&page=1`. Pure: the page (server) and the list
 * (client) both use it.
 */

/** The page sizes offered; the store's default (20) first (docs/contract.md#lists). */
export const productPageSizes = [20, 50, 100] as const;
export const defaultPageSize = productPageSizes[0];

export interface ProductListParams {
  /** Zero-based, as the store's `page`. */
  page: number;
  count: number;
  /** A category slug; "" for the whole catalogue. */
  category: string;
  /** A search by name, slug, SKU or option SKU over the whole catalogue (lib/catalogue/query.ts); "" for none. */
  q?: string;
}

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** What the URL asks for; anything odd falls back to the first page of everything. */
export function readListParams(search: SearchParams): ProductListParams {
  const page = Number(first(search.page));
  const count = Number(first(search.count));
  const category = first(search.category).trim().slice(0, 200);
  const q = first(search.q).trim().slice(0, 200);
  return {
    page: Number.isSafeInteger(page) && page >= 0 ? page : 0,
    count: (productPageSizes as readonly number[]).includes(count) ? count : defaultPageSize,
    category,
    ...(q ? { q } : {}),
  };
}

/** The list's URL for these params, leaving defaults out: `/products?category=mugs&page=1`. */
export function listHref({ page, count, category, q }: ProductListParams): string {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (category) query.set("category", category);
  if (page > 0) query.set("page", String(page));
  if (count !== defaultPageSize) query.set("count", String(count));
  const text = query.toString();
  return text ? `/products?${text}` : "/products";
}

/** The same params for the dashboard's GET /api/products. */
export function listApiPath({ page, count, category }: ProductListParams): string {
  const query = new URLSearchParams({ page: String(page), count: String(count) });
  if (category) query.set("category", category);
  return `/api/products?${query.toString()}`;
}

export interface KnownCategory {
  name: string;
  slug: string;
}

/**
 * The slug for what a person typed in the filter: a known category by name
 * or slug (any case), else the text itself made slug-shaped.
 */
export function categorySlugFor(typed: string, known: readonly KnownCategory[]): string {
  const text = typed.trim();
  if (!text) return "";
  const lower = text.toLocaleLowerCase();
  const match =
    known.find((c) => c.slug === text) ??
    known.find((c) => c.name.toLocaleLowerCase() === lower) ??
    known.find((c) => c.slug.toLocaleLowerCase() === lower);
  return match ? match.slug : categorySlugFromName(text) || text;
}

/**
 * A category's name for its slug, from the names its products list
 * (docs/contract.md#catalogue-and-settings: a product's `categories` are
 * names): the one whose guessed slug is `slug`; null when none is.
 */
export function categoryNameFor(slug: string, products: readonly { categories: readonly string[] }[]): string | null {
  for (const product of products) {
    const name = product.categories.find((n) => categorySlugFromName(n) === slug);
    if (name) return name;
  }
  return null;
}

const counted = new Intl.NumberFormat("en");

/** Stock in words: "Unlimited" for -1, "Out of stock" for 0, else the number. */
export function stockText(quantity: number): string {
  if (quantity < 0) return "Unlimited";
  if (quantity === 0) return "Out of stock";
  return counted.format(quantity);
}
