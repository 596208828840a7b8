import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { NotFoundError } from "../api/errors.js";
import { formBody } from "../api/input.js";
import type { Queryable } from "../db/index.js";
import { categories, productCategories, products } from "../db/schema/index.js";
import { touchProduct } from "./parts.js";
import { categoryIds, listOrder, type ProductPage, type ProductRow } from "./products.js";
import { categoryNames, product, productList, productParams } from "./schemas.js";

/**
 * A product's categories (/products/{key}/categories) and a category's products
 * (/products/{category_slug}); docs/contract.md#catalogue-and-settings.
 * Categories are shared by name (without case) and outlive their products: a
 * category that no product is in any more still lists, empty.
 */

export interface ProductCategory {
  name: string;
  slug: string;
}

export const productCategory = z
  .object({ name: z.string(), slug: z.string() })
  .meta({ description: "A product category: its name and its slug (as in /products/{category_slug})." });
export const productCategoryList = z
  .array(productCategory)
  .meta({ description: "The product's categories, in the order they were given." });

export const productCategoryParams = productParams.extend({
  category_slug: z.string().meta({ description: "The category's slug." }),
});

export const replaceCategoriesBody = formBody({
  categories: categoryNames.meta({
    description:
      'Every category of the product, comma-separated (a JSON list ["Mugs", "Gifts"] works too): created when new, matched without case; the ones left out are removed; empty removes all.',
  }),
});

/** What GET /products/{x} answers: the product, or the products of the category with that slug. */
export const productOrCategoryProducts = z
  .union([product, productList])
  .meta({ description: "The product, or the category's products (a list)." });

/** The product's categories, in its order. */
export async function listProductCategories(q: Queryable, product: ProductRow): Promise<ProductCategory[]> {
  return q
    .select({ name: categories.name, slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(eq(productCategories.productId, product.id))
    .orderBy(asc(productCategories.position), asc(categories.name));
}

async function findProductCategory(q: Queryable, product: ProductRow, slug: string) {
  const [row] = await q
    .select({ id: categories.id, name: categories.name, slug: categories.slug })
    .from(productCategories)
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(eq(productCategories.productId, product.id), eq(categories.slug, slug)));
  if (!row) {
    throw new NotFoundError(`The product "${product.key}" is not in a category with the slug "${slug.slice(0, 100)}".`);
  }
  return row;
}

/** One category of the product, or a 404 (also when the category exists but the product is not in it). */
export async function getProductCategory(q: Queryable, product: ProductRow, slug: string): Promise<ProductCategory> {
  const { name, slug: found } = await findProductCategory(q, product, slug);
  return { name, slug: found };
}

/** Replaces the product's categories by these names (in this order); answers them. */
export async function replaceProductCategories(
  q: Queryable,
  product: ProductRow,
  names: string[],
): Promise<ProductCategory[]> {
  const ids = names.length ? await categoryIds(q, names) : [];
  await q.delete(productCategories).where(eq(productCategories.productId, product.id));
  if (ids.length) {
    await q
      .insert(productCategories)
      .values(ids.map((categoryId, position) => ({ productId: product.id, categoryId, position })));
  }
  await touchProduct(q, product);
  return listProductCategories(q, product);
}

/** Takes the product out of the category (the category itself stays). */
export async function removeProductCategory(q: Queryable, product: ProductRow, slug: string): Promise<void> {
  const category = await findProductCategory(q, product, slug);
  await q
    .delete(productCategories)
    .where(and(eq(productCategories.productId, product.id), eq(productCategories.categoryId, category.id)));
  await touchProduct(q, product);
}

/** The category with the slug, if any. */
export async function findCategory(q: Queryable, slug: string) {
  if (slug.includes("\0")) return undefined;
  const [row] = await q.select().from(categories).where(eq(categories.slug, slug));
  return row;
}

/** A page of the category's products, in the products list's order (docs/contract.md#lists). */
export async function listCategoryProducts(
  q: Queryable,
  categoryId: number,
  page: number,
  size: number,
): Promise<ProductPage> {
  const inCategory = eq(productCategories.categoryId, categoryId);
  const rows = await q
    .select({ product: products })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(inCategory)
    .orderBy(...listOrder)
    .limit(size)
    .offset(page * size);
  const [total] = await q.select({ n: count() }).from(productCategories).where(inCategory);
  return { rows: rows.map((r) => r.product), total: total?.n ?? 0 };
}
