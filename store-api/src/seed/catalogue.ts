import type { Tx } from "../db/index.js";
import { currencyDigits } from "../money/money.js";
import { createProduct } from "../products/products.js";
import type { CreateProductInput, ItemInput } from "../products/schemas.js";
import { CATEGORIES, EXTRAS, PRODUCTS, type ProductTemplate } from "./catalogue-data.js";
import type { SeedContext, SeedPart } from "./parts.js";
import { type PictureRequest, productPicture } from "./pictures.js";
import { hashString, seededRandom, type Random } from "./random.js";

/**
 * The demo catalogue (docs/architecture.md#the-demo-store): the products of
 * catalogue-data.ts, created through createProduct like an API request would,
 * with stock and costs from a seeded generator, 1–4 pictures each drawn by
 * pictures.ts, and a video on a few. Weights are in kilograms.
 */

/** Bump to reshuffle the generated stock, costs and picture counts. */
const CATALOGUE_SEED = 16;

/** A dollar amount in minor units of the store currency (a currency without cents gets about 100 per dollar). */
export function seedAmount(dollars: number, currency: string): number {
  const digits = currencyDigits(currency);
  return Math.round(dollars * 10 ** (digits === 0 ? 2 : digits));
}

/** A short SKU code for an option value: "Heather Grey" → "HG", "Navy" → "NAV", "45 × 45 cm" → "4545C". */
function valueCode(value: string): string {
  const words = value
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 1) return /^\d+$/.test(words[0]!) ? words[0]! : words[0]!.slice(0, 3).toUpperCase();
  return words.map((w) => (/^\d+$/.test(w) ? w : w[0]!.toUpperCase())).join("");
}

/** Every combination of the option columns, in order: {Size: S, Color: Red}, {Size: S, Color: Blue}, … */
function combinations(columns: Record<string, string[]>): Record<string, string>[] {
  let rows: Record<string, string>[] = [{}];
  for (const [column, values] of Object.entries(columns)) {
    rows = rows.flatMap((row) => values.map((value) => ({ ...row, [column]: value })));
  }
  return rows;
}

/** The listing order: the categories taken in turn, so the first page shows a bit of everything. */
export function listingOrder(templates: readonly ProductTemplate[]): ProductTemplate[] {
  const queues = CATEGORIES.map((c) => templates.filter((t) => t.category === c));
  const mixed: ProductTemplate[] = [];
  for (let i = 0; mixed.length < templates.length; i++) {
    for (const queue of queues) if (queue[i]) mixed.push(queue[i]!);
  }
  return mixed;
}

interface Stock {
  /** Stock of a product without options, or of each option. */
  quantity(r: Random): number;
}

function stockFor(t: ProductTemplate): Stock {
  if (t.type === "digital") return { quantity: () => -1 };
  if (t.status === "sold out" || t.status === "coming soon") return { quantity: () => 0 };
  // An option now and then is sold out on its own (a size gone), the product still available.
  return t.options ? { quantity: (r) => (r.chance(0.12) ? 0 : r.int(2, 40)) } : { quantity: (r) => r.int(8, 150) };
}

/** The createProduct input of a template (money in minor units, as the API's schemas give it). */
export function productInput(t: ProductTemplate, order: number, currency: string): CreateProductInput {
  const r = seededRandom(CATALOGUE_SEED ^ hashString(t.name));
  const money = (dollars: number) => seedAmount(dollars, currency);
  const stock = stockFor(t);
  const costShare = 0.3 + r.next() * 0.2;

  const options: ItemInput[] | undefined = t.options
    ? combinations(t.options).map((metadata) => {
        const values = Object.values(metadata);
        const surcharge = values.reduce((sum, v) => sum + (t.surcharges?.[v] ?? 0), 0);
        return {
          metadata,
          quantity: stock.quantity(r),
          surcharge: money(surcharge),
          cost: money(Math.round(surcharge * costShare * 100) / 100),
          // The contract has no SKU per option: its fetch_sku is where a variant's SKU goes.
          fetch_sku: [t.sku, ...values.map(valueCode)].join("-"),
        };
      })
    : undefined;
  const extras: ItemInput[] | undefined = t.extras?.map((name) => {
    const extra = EXTRAS[name];
    return {
      metadata: { Extra: extra.name, Detail: extra.detail },
      quantity: extra.quantity,
      surcharge: money(extra.surcharge),
      cost: money(Math.round(extra.surcharge * 0.4 * 100) / 100),
    };
  });

  return {
    name: t.name,
    name_short: t.short ?? "",
    description_short: t.blurb,
    description: `${t.blurb}\n\n${t.details}`,
    sku: t.sku,
    type: t.type ?? "physical",
    status: t.status ?? (t.sale ? "on sale" : "available"),
    price: money(t.price),
    sale_price: t.sale ? money(Math.round(t.price * (1 - t.sale) * 100) / 100) : null,
    cost: money(Math.round(t.price * costShare * 100) / 100),
    weight: t.weight,
    order,
    reorder_products: false,
    categories: [t.category, ...(t.also ?? [])],
    option_style: t.optionStyle ?? "single",
    ...(options ? { options } : { quantity: stock.quantity(r) }),
    ...(extras?.length ? { extras } : {}),
    ...(t.form ? { form: t.form } : {}),
  };
}

/** How many pictures a product gets (1–4), the same on every run. */
export function pictureCount(t: ProductTemplate): number {
  return seededRandom(CATALOGUE_SEED ^ hashString(`${t.name} pictures`)).int(1, 4);
}

export interface CatalogueSummary {
  products: number;
  categories: number;
  images: number;
  videos: number;
}

/** What a product's pictures show, one per view. */
function pictureRequests(t: ProductTemplate): PictureRequest[] {
  const views = pictureCount(t);
  return Array.from({ length: views }, (_, view) => ({ name: t.name, category: t.category, view, views }));
}

/** A product's pictures, drawn together (sharp works off the main thread). */
function drawPictures(t: ProductTemplate): Promise<Buffer[]> {
  return Promise.all(pictureRequests(t).map(productPicture));
}

async function seedProduct(
  ctx: SeedContext,
  tx: Tx,
  t: ProductTemplate,
  pictures: Buffer[],
  at: { order: number; of: number },
  summary: CatalogueSummary,
) {
  const product = await createProduct(tx, productInput(t, at.order, ctx.currency));
  summary.products++;
  let note = "";
  if (ctx.media) {
    const count = ctx.media.later ? pictureCount(t) : pictures.length;
    if (ctx.media.later) {
      await ctx.media.queue(tx, product.id, pictureRequests(t), t.video ?? null);
    } else {
      for (const picture of pictures) await ctx.media.addImage(tx, product.id, picture);
      if (t.video) await ctx.media.addVideo(tx, product.id, t.video);
    }
    summary.images += count;
    if (t.video) summary.videos++;
    const later = ctx.media.later ? ", drawn later" : "";
    note = ` (${count} picture${count === 1 ? "" : "s"}${t.video ? ", a video" : ""}${later})`;
  }
  ctx.progress(`${String(at.order).padStart(String(at.of).length)}/${at.of}  ${t.name}${note}`);
}

/** The catalogue part of the demo store. */
export const catalogue: SeedPart = {
  name: "catalogue",
  async run(ctx, tx) {
    const templates = listingOrder(PRODUCTS).slice(0, ctx.limit ?? PRODUCTS.length);
    const summary: CatalogueSummary = { products: 0, categories: 0, images: 0, videos: 0 };
    const draw = (t: ProductTemplate | undefined) =>
      ctx.media && !ctx.media.later && t ? drawPictures(t) : Promise.resolve([]);
    // The next product's pictures are drawn while this one is stored.
    let next = draw(templates[0]);
    for (const [i, t] of templates.entries()) {
      const pictures = await next;
      next = draw(templates[i + 1]);
      // Should storing fail, the pictures drawn meanwhile are dropped without an unhandled rejection.
      next.catch(() => {});
      await seedProduct(ctx, tx, t, pictures, { order: i + 1, of: templates.length }, summary);
    }
    summary.categories = new Set(templates.flatMap((t) => [t.category, ...(t.also ?? [])])).size;
    const later = ctx.media?.later ? " (drawn in the background once the store runs)" : "";
    const media = ctx.media
      ? `, ${summary.images} pictures, ${summary.videos} videos${later}`
      : " (without pictures or videos)";
    return `${summary.products} products in ${summary.categories} categories${media}`;
  },
};
