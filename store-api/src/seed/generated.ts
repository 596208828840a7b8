import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../db/index.js";
import { productCategories, productExtras, productOptions, products } from "../db/schema/index.js";
import { categoryIds, slugify } from "../products/products.js";
import type { CreateProductInput, ItemInput } from "../products/schemas.js";
import { listingOrder, productInput } from "./catalogue.js";
import { PRODUCTS, type ProductTemplate } from "./catalogue-data.js";
import { checksOff, insertRecords, keys, type SqlType } from "./bulk-insert.js";
import type { SeedPart } from "./parts.js";
import { hashString, type Random, seededRandom } from "./random.js";
import { findSeedGroups, seedGroupsOf, type SeedGroups } from "./shipping-tax.js";

/**
 * The products of `seed --products N` beyond the demo catalogue's
 * (docs/architecture.md#the-demo-store): a big store for tests, benches and
 * demos. Each is a variation of one of the catalogue's templates, taken in
 * their listing order (so a page shows a bit of every category): a collection
 * name and an edition make its name, and a seeded generator its price, sale,
 * status, weight, and a share of the template's option values and extras;
 * productInput (catalogue.ts) then makes its stock, costs and option SKUs as
 * for the catalogue. Names, slugs and SKUs are unique; the same N makes the
 * same products on every run. No pictures or videos.
 *
 * Speed is the point (100,000 products within a minute on either database,
 * `npm run bench:seed`): rows go in with one multi-row INSERT per table and
 * batch of products (insertRecords), inside the seed's one transaction, rather
 * than through createProduct one product at a time. The rows are those
 * createProduct would write for the same input, with their shipping and tax
 * groups already in (giveSeedGroups' rules, seedGroupsOf) rather than given by
 * an UPDATE of every row afterwards, and their keys (newKey's 9 random bytes)
 * cut from one buffer a batch. The foreign keys are not checked row by row
 * when the role may skip it (checksOff): the ids are those just inserted.
 * test/seed/generated-same.test.ts holds the store to what it was.
 */

/** Bump to reshuffle the generated products. */
const GENERATED_SEED = 23;

/** Collection names, put before a template's name: "Alder Stoneware Mug". */
const COLLECTIONS = [
  "Alder",
  "Birch",
  "Cove",
  "Dune",
  "Ember",
  "Fjord",
  "Grove",
  "Harbour",
  "Isle",
  "Juniper",
  "Kestrel",
  "Linden",
  "Meadow",
  "Nordic",
  "Orchard",
  "Pebble",
  "Quarry",
  "Ridge",
  "Saltmarsh",
  "Tidal",
  "Upland",
  "Valley",
  "Willow",
  "Yarrow",
  "Atlas",
  "Bramble",
  "Cedar",
  "Drift",
  "Heather",
  "Moss",
] as const;

/** Editions, after the name ("" for none): "Alder Stoneware Mug — Studio Edition". */
const EDITIONS = [
  "",
  "Studio Edition",
  "Travel Edition",
  "Limited Edition",
  "Heritage",
  "Signature",
  "Essential",
  "Weekend",
  "Workshop",
  "Field",
  "Archive",
  "Mk II",
] as const;

/** Products made per batch: their rows are built, then written with one statement per table. */
const BATCH = 2000;

/** A price as shops write them: halves under $10, else whole dollars, some ending in .99. */
function pricePoint(dollars: number, r: Random): number {
  if (dollars < 10) return Math.max(1, Math.round(dollars * 2) / 2);
  const whole = Math.round(dollars);
  return r.chance(0.4) ? whole - 0.01 : whole;
}

/** Some of each option column's values (at least one each): variations do not all come in every size. */
function someValues(columns: Record<string, string[]>, r: Random): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(columns).map(([column, values]) => {
      const kept = values.filter(() => r.chance(0.7));
      return [column, kept.length ? kept : [r.pick(values)]];
    }),
  );
}

let listed: ProductTemplate[] | undefined;

/**
 * The template of the `index`th generated product (0-based): a variation of
 * one of the catalogue's. For each template the (collection, edition, series)
 * triples differ, so names are unique; the collection turns with the template
 * too, so that neighbours in the listing differ.
 */
export function generatedTemplate(index: number, order: number): ProductTemplate {
  const templates = (listed ??= listingOrder(PRODUCTS));
  const which = index % templates.length;
  const base = templates[which]!;
  const round = Math.floor(index / templates.length);
  const collection = COLLECTIONS[(round + which * 7) % COLLECTIONS.length]!;
  const edition = EDITIONS[(Math.floor(round / COLLECTIONS.length) + which) % EDITIONS.length]!;
  const series = Math.floor(round / (COLLECTIONS.length * EDITIONS.length));
  const r = seededRandom(GENERATED_SEED ^ hashString(`generated ${index}`));

  const digital = base.type === "digital";
  const roll = r.next();
  // 6% each hidden, sold out and coming soon (digital goods only hidden: they never run out); of the rest,
  // about one in six on sale.
  const status: ProductTemplate["status"] =
    roll < 0.06 ? "hidden" : digital ? undefined : roll < 0.12 ? "sold out" : roll < 0.18 ? "coming soon" : undefined;
  const sale = !status && r.chance(0.18) ? r.pick([0.1, 0.15, 0.2, 0.25, 0.3, 0.4]) : undefined;
  const name = `${collection} ${base.name}` + (edition ? ` — ${edition}` : "") + (series ? ` No. ${series + 1}` : "");
  return {
    name,
    ...(base.short ? { short: `${collection} ${base.short}` } : {}),
    category: base.category,
    ...(base.also ? { also: base.also } : {}),
    price: pricePoint(base.price * (0.7 + r.next() * 0.8), r),
    sku: `${base.sku}-${String(order).padStart(6, "0")}`,
    weight: base.weight > 0 ? Math.max(0.01, Math.round(base.weight * (0.85 + r.next() * 0.35) * 100) / 100) : 0,
    blurb: base.blurb,
    details: `${base.details} From the ${collection} collection.`,
    ...(base.options ? { options: someValues(base.options, r) } : {}),
    ...(base.surcharges ? { surcharges: base.surcharges } : {}),
    ...(base.optionStyle ? { optionStyle: base.optionStyle } : {}),
    ...(base.extras ? { extras: base.extras.filter(() => r.chance(0.7)) } : {}),
    ...(status ? { status } : {}),
    ...(sale ? { sale } : {}),
    ...(base.type ? { type: base.type } : {}),
    ...(base.form ? { form: base.form } : {}),
  };
}

/** The first free slug for the name among `used` (`mug`, `mug-2`…), taken. */
function takeSlug(name: string, used: Set<string>): string {
  const base = slugify(name);
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  used.add(slug);
  return slug;
}

/** An option's or extra's row, as createProduct writes it (products.ts). */
function itemRow(item: ItemInput, productId: number, order: number, key: () => string) {
  return {
    key: key(),
    productId,
    metadata: item.metadata ?? {},
    quantity: item.quantity ?? -1,
    surcharge: item.surcharge ?? 0,
    cost: item.cost ?? 0,
    weight: item.weight ?? 0,
    order,
  };
}

/** The columns of itemRow's properties: an extra is stored like an option, without a default or SKUs. */
function itemColumns(table: typeof productOptions | typeof productExtras) {
  return {
    key: [table.key, "text"],
    productId: [table.productId, "integer"],
    metadata: [table.metadata, "jsonb"],
    quantity: [table.quantity, "integer"],
    surcharge: [table.surcharge, "bigint"],
    cost: [table.cost, "bigint"],
    weight: [table.weight, "double precision"],
    order: [table.order, "integer"],
  } satisfies Record<keyof ReturnType<typeof itemRow>, [PgColumn, SqlType]>;
}

const OPTION_COLUMNS = {
  ...itemColumns(productOptions),
  isDefault: [productOptions.isDefault, "boolean"],
  sku: [productOptions.sku, "text"],
  fetchSku: [productOptions.fetchSku, "text"],
} satisfies Record<string, [PgColumn, SqlType]>;

const EXTRA_COLUMNS = itemColumns(productExtras);

/** A product's row, as createProduct writes it for the same input (products.ts). */
function productRow(
  input: CreateProductInput,
  order: number,
  slug: string,
  key: () => string,
  groups: { shippingGroupId: number | null; taxGroupId: number | null },
) {
  return {
    key: key(),
    slug,
    name: input.name,
    nameShort: input.name_short ?? "",
    description: input.description ?? "",
    descriptionShort: input.description_short ?? "",
    type: input.type ?? "physical",
    status: input.status ?? "available",
    price: input.price ?? 0,
    salePrice: input.sale_price ?? null,
    cost: input.cost ?? 0,
    weight: input.weight ?? 0,
    order,
    optionStyle: input.option_style ?? "single",
    form: input.form ?? null,
    shippingGroupId: groups.shippingGroupId,
    taxGroupId: groups.taxGroupId,
  };
}

const PRODUCT_COLUMNS = {
  key: [products.key, "text"],
  slug: [products.slug, "text"],
  name: [products.name, "text"],
  nameShort: [products.nameShort, "text"],
  description: [products.description, "text"],
  descriptionShort: [products.descriptionShort, "text"],
  type: [products.type, "text"],
  status: [products.status, "text"],
  price: [products.price, "bigint"],
  salePrice: [products.salePrice, "bigint"],
  cost: [products.cost, "bigint"],
  weight: [products.weight, "double precision"],
  order: [products.order, "integer"],
  optionStyle: [products.optionStyle, "text"],
  form: [products.form, "jsonb"],
  shippingGroupId: [products.shippingGroupId, "integer"],
  taxGroupId: [products.taxGroupId, "integer"],
} satisfies Record<keyof ReturnType<typeof productRow>, [PgColumn, SqlType]>;

interface Made {
  products: number;
  withOptions: number;
  onSale: number;
  soldOut: number;
  hidden: number;
  comingSoon: number;
  heavy: number;
  standard: number;
  digital: number;
}

/** Writes one batch of products, with their default options, options, extras and categories. */
async function writeBatch(
  tx: Tx,
  inputs: { input: CreateProductInput; order: number; slug: string }[],
  categoryId: Map<string, number>,
  groups: SeedGroups | null,
  made: Made,
) {
  const key = keys(
    inputs.length * 2 +
      inputs.reduce((n, { input }) => n + (input.options?.length ?? 0) + (input.extras?.length ?? 0), 0),
  );
  const rows = inputs.map(({ input, order, slug }) => {
    const given = groups && seedGroupsOf(input.type ?? "physical", input.weight ?? 0, groups);
    if (given) made[given.kind]++;
    return productRow(input, order, slug, key, {
      shippingGroupId: given?.shippingGroupId ?? null,
      taxGroupId: given?.taxGroupId ?? null,
    });
  });
  const inserted = await insertRecords<ReturnType<typeof productRow>, { id: number; key: string }>(
    tx,
    products,
    PRODUCT_COLUMNS,
    rows,
    [products.id, products.key],
  );
  const ids = new Map(inserted.map((r) => [r.key, Number(r.id)]));

  const options: (ReturnType<typeof itemRow> & { isDefault: boolean; sku: string; fetchSku: string })[] = [];
  const extras: ReturnType<typeof itemRow>[] = [];
  const inCategories: { productId: number; categoryId: number; position: number }[] = [];
  for (const [i, { input }] of inputs.entries()) {
    const productId = ids.get(rows[i]!.key)!;
    options.push({
      ...itemRow({ quantity: input.quantity ?? -1 }, productId, 0, key),
      isDefault: true,
      sku: input.sku ?? "",
      fetchSku: input.fetch_sku ?? "",
    });
    for (const [n, o] of (input.options ?? []).entries()) {
      options.push({ ...itemRow(o, productId, n + 1, key), isDefault: false, sku: "", fetchSku: o.fetch_sku ?? "" });
    }
    for (const [n, e] of (input.extras ?? []).entries()) extras.push(itemRow(e, productId, n + 1, key));
    const names = [...new Map((input.categories ?? []).map((c) => [c.toLowerCase(), c])).keys()];
    for (const [position, name] of names.entries()) {
      inCategories.push({ productId, categoryId: categoryId.get(name)!, position });
    }
  }
  await insertRecords(tx, productOptions, OPTION_COLUMNS, options);
  await insertRecords(tx, productExtras, EXTRA_COLUMNS, extras);
  await insertRecords(
    tx,
    productCategories,
    {
      productId: [productCategories.productId, "integer"],
      categoryId: [productCategories.categoryId, "integer"],
      position: [productCategories.position, "integer"],
    },
    inCategories,
  );
}

/** The generated products: ctx.generate of them, after the catalogue's in the listing. */
export const generatedProducts: SeedPart = {
  name: "generated products",
  async run(ctx, tx) {
    const made: Made = {
      ...{ products: 0, withOptions: 0, onSale: 0, soldOut: 0, hidden: 0, comingSoon: 0 },
      ...{ heavy: 0, standard: 0, digital: 0 },
    };
    const existing = await tx.select({ slug: products.slug, order: products.order }).from(products);
    const used = new Set(existing.map((p) => p.slug));
    const after = existing.reduce((max, p) => Math.max(max, p.order), 0);

    // Every template's categories exist once the catalogue is in; made here should a test's parts leave it out.
    const names = [
      ...new Map(PRODUCTS.flatMap((t) => [t.category, ...(t.also ?? [])]).map((n) => [n.toLowerCase(), n])).values(),
    ];
    const ids = await categoryIds(tx, names);
    const categoryId = new Map(names.map((n, i) => [n.toLowerCase(), ids[i]!]));

    // Found before the products are written, so that their rows have them (giveSeedGroups' rules).
    const groups = await findSeedGroups(tx);
    const checked = !(await checksOff(tx));
    for (let start = 0; start < ctx.generate; start += BATCH) {
      const batch = [];
      for (let index = start; index < Math.min(start + BATCH, ctx.generate); index++) {
        const order = after + index + 1;
        const input = productInput(generatedTemplate(index, order), order, ctx.currency);
        batch.push({ input, order, slug: takeSlug(input.name, used) });
        made.products++;
        if (input.options?.length) made.withOptions++;
        if (input.status === "on sale") made.onSale++;
        if (input.status === "sold out") made.soldOut++;
        if (input.status === "hidden") made.hidden++;
        if (input.status === "coming soon") made.comingSoon++;
      }
      await writeBatch(tx, batch, categoryId, groups, made);
      ctx.progress(`${String(made.products).padStart(String(ctx.generate).length)}/${ctx.generate} generated products`);
    }

    if (!checked) {
      await tx.execute(sql`set local session_replication_role = origin`);
      // The triggers were off with the checks: the search rows and the catalogue's version they keep
      // (docs/contract.md#extensions) are written here for the products just made.
      // The search index is made whole after its rows, far quicker than row by row (the store is fresh: the
      // seed refuses any other), as 0008_product_search.sql makes it.
      await tx.execute(sql`drop index if exists product_search_words_idx`);
      // product_search_refresh's words for every product, in one pass over the options rather than a look-up each.
      await tx.execute(sql`
        insert into product_search (product_id, words)
        select p.id, to_tsvector('simple'::regconfig,
          regexp_replace(lower(concat_ws(' ', p.name, p.slug, o.skus)), '[[:space:][:punct:]]+', ' ', 'g'))
        from products p
        left join (select product_id, string_agg(sku || ' ' || fetch_sku, ' ') as skus
                   from product_options group by product_id) o on o.product_id = p.id
        on conflict (product_id) do update set words = excluded.words`);
      await tx.execute(
        sql`create index product_search_words_idx on product_search using gin (words) with (fastupdate = false)`,
      );
      // Every product is new: the catalogue's changes start again at this version (src/products/changes.ts).
      await tx.execute(
        sql`update catalogue_version set version = version + 1, changes_from = version + 1 where id = 1`,
      );
    }
    return (
      `${made.products} generated products (${after + made.products} in all; ${made.withOptions} with options, ` +
      `${made.onSale} on sale, ${made.soldOut} sold out, ${made.hidden} hidden, ${made.comingSoon} coming soon` +
      (groups
        ? `; ${made.standard} ship standard, ${made.heavy} as large items, ${made.digital} digital)`
        : ", without shipping or tax groups)")
    );
  },
};
