import type { Tx } from "../db/index.js";
import type { PictureRequest } from "./pictures.js";

/**
 * What every part of the demo store's seed (seed/index.ts) is given. A part
 * adds one kind of thing (the catalogue, shipping and tax groups, coupons,
 * orders) inside the seed's one transaction, and may read what the parts
 * before it made.
 */
export interface SeedContext {
  /** The store currency: amounts are written in its minor units. */
  currency: string;
  /** Only this many of the catalogue's products (tests, `seed --products`); all when unset. */
  limit: number | undefined;
  /** Products to make beyond the catalogue's (`seed --products`, seed/generated.ts); 0 on the plain seed. */
  generate: number;
  /** Stores pictures and videos; null leaves the products without (never faked). */
  media: SeedMedia | null;
  /** One line of progress for the person waiting. */
  progress(line: string): void;
}

/** How the seed stores a product's media: now (seed/media.ts), or later by a job (seed/picture-jobs.ts). */
export type SeedMedia = SeedMediaNow | SeedMediaLater;

/** Drawn and stored in the seed's transaction, through the store's own image pipeline (media/images.ts). */
export interface SeedMediaNow {
  later: false;
  addImage(tx: Tx, productId: number, picture: Buffer): Promise<void>;
  addVideo(tx: Tx, productId: number, url: string): Promise<void>;
  /** Removes the files written so far (the seed's transaction rolled back: no row names them). */
  discard(): Promise<void>;
}

/** Left to a job per product, written in the seed's transaction: drawn and stored once the store runs. */
export interface SeedMediaLater {
  later: true;
  queue(tx: Tx, productId: number, pictures: PictureRequest[], video: string | null): Promise<void>;
  discard(): Promise<void>;
}

export interface SeedPart {
  name: string;
  /** Adds the part's data; answers one line saying what it added. */
  run(ctx: SeedContext, tx: Tx): Promise<string>;
}
