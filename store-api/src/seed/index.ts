import { sql } from "drizzle-orm";
import type { StoreConfig } from "../config.js";
import type { Db } from "../db/index.js";
import { listProducts } from "../products/products.js";
import { catalogue } from "./catalogue.js";
import { PRODUCTS } from "./catalogue-data.js";
import { coupons } from "./coupons.js";
import { generatedProducts } from "./generated.js";
import { ordersPart } from "./orders.js";
import { shippingAndTax } from "./shipping-tax.js";
import { seedMedia } from "./media.js";
import { seedMediaLater } from "./picture-jobs.js";
import type { SeedContext, SeedPart } from "./parts.js";

/**
 * The demo store's seed: `npm run store -- seed`, and the first `npm start`
 * (docs/architecture.md#the-demo-store). It runs its parts in order in one
 * transaction through the store's own domain functions, and only into an
 * empty catalogue: a store with products is left exactly as it is.
 *
 * To add a part, write a SeedPart in its own file and list it here, after the
 * parts whose data it uses (the orders use the catalogue, the shipping and tax
 * groups, and the coupons). `seed --products N` runs the generated products
 * (seed/generated.ts) after them all.
 */
export const SEED_PARTS: readonly SeedPart[] = [catalogue, shippingAndTax, coupons, ordersPart];

/**
 * The most products `seed --products` makes: a big store for tests, benches
 * and demos, made in about a minute (`npm run bench:seed`), and a typo (an
 * extra zero or two) refused rather than filling the disk.
 */
export const MAX_SEED_PRODUCTS = 100_000;

export interface SeedOptions {
  /** Only this many of the catalogue's products (tests); all when unset. */
  limit?: number;
  /** Draw and store the pictures and videos (default true). */
  media?: boolean;
  /**
   * Leave each product's pictures and video to a job (seed/picture-jobs.ts) that the store runs once it
   * serves, rather than drawing them in the seed (`bootstrap --seed --pictures-later`: npm start's first start).
   */
  picturesLater?: boolean;
  /**
   * This many products in all (`seed --products N`, 1 to MAX_SEED_PRODUCTS):
   * the catalogue's first (the first N of them when N is smaller), then
   * products generated from the catalogue's data (seed/generated.ts), added
   * after the orders, which stay those of the plain seed. Takes the place of
   * `limit`.
   */
  products?: number;
  /** Progress lines, for the person waiting (none by default). */
  progress?: (line: string) => void;
  /** The parts to run (tests); SEED_PARTS by default. */
  parts?: readonly SeedPart[];
}

export interface SeedResult {
  /** What each part added, one line each. */
  parts: { name: string; summary: string }[];
  milliseconds: number;
}

/** The store already has products: the seed changed nothing. */
export class StoreNotEmptyError extends Error {
  override name = "StoreNotEmptyError";
  constructor(readonly products: number) {
    super(
      `The store already has ${products} product${products === 1 ? "" : "s"}, and the demo catalogue is added only to an empty store. Nothing was changed. ` +
        `To start over with the demo store, stop the store and remove its data folder (STORE_API_DATA_DIR) or database.`,
    );
  }
}

export async function seedDemoStore(
  db: Db,
  deps: { config: StoreConfig },
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = performance.now();
  const wanted = options.products;
  if (wanted !== undefined && !(Number.isInteger(wanted) && wanted >= 1 && wanted <= MAX_SEED_PRODUCTS)) {
    throw new RangeError(`The seed makes 1 to ${MAX_SEED_PRODUCTS} products, not ${wanted}.`);
  }
  const progress = options.progress ?? (() => {});
  const media = options.media === false ? null : options.picturesLater ? seedMediaLater() : seedMedia(deps);
  const ctx: SeedContext = {
    currency: deps.config.currency,
    limit: wanted === undefined ? options.limit : Math.min(wanted, PRODUCTS.length),
    generate: wanted === undefined ? 0 : Math.max(0, wanted - PRODUCTS.length),
    media,
    progress,
  };
  // The generated products come last, so that the plain seed's parts run exactly as without them.
  const toRun = options.parts ?? (ctx.generate > 0 ? [...SEED_PARTS, generatedProducts] : SEED_PARTS);
  const run = db.transaction(async (tx) => {
    // Two seeds at once (PostgreSQL) take turns, and the second finds products.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('demo store seed'))`);
    const { total } = await listProducts(tx, 0, 1);
    if (total > 0) throw new StoreNotEmptyError(total);
    const done: SeedResult["parts"] = [];
    for (const part of toRun) {
      progress(`Seeding the ${part.name}…`);
      done.push({ name: part.name, summary: await part.run(ctx, tx) });
    }
    return done;
  });
  const parts = await run.catch(async (err: unknown) => {
    await media?.discard();
    throw err;
  });
  return { parts, milliseconds: Math.round(performance.now() - started) };
}
