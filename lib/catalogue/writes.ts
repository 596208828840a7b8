import "server-only";
import { cookies } from "next/headers";
import { usesSecureCookies } from "../auth-cookies";
import { getEnv } from "../env";
import type { StoreClient } from "../store/client";
import { readProducts } from "../store/products/api-bulk";
import type { BulkProduct } from "../store/products/model-bulk";
import type { CatalogueCopy } from "./copy";
import { existingCatalogue } from "./registry";

/**
 * A write made through this dashboard, told to the catalogue copy (docs/architecture.md#the-catalogue-copy)
 * from the store's own answers, so that nobody sees their saved change undone:
 * - `put`: products as the store answered them (the bulk grid's products_multi);
 * - `reread`: products read again now (one GET each: the editor, the inventory, the media);
 * - `remove`: products deleted.
 * Another dashboard instance has a copy of its own: a cookie names what this person wrote and
 * when, and whichever instance answers their next read first reads those products again when its
 * copy is older (`catchUp`). Past `namedKeys`, the cookie says "everything" and that instance
 * revalidates its copy whole before answering.
 */
export interface CatalogueWrite {
  put?: readonly BulkProduct[];
  reread?: readonly string[];
  remove?: readonly string[];
}

export const wroteCookie = "sa-catalogue-wrote";
const namedKeys = 40;
/** Past this, every instance has revalidated on its own (CATALOGUE_REVALIDATE_SECONDS, with room). */
const cookieSeconds = 60;

export async function recordCatalogueWrite(store: StoreClient, write: CatalogueWrite): Promise<void> {
  const keys = [...(write.put ?? []).map((p) => p.key), ...(write.reread ?? []), ...(write.remove ?? [])];
  if (!keys.length) return;
  const copy = existingCatalogue(store.baseUrl);
  try {
    if (copy) await applyWrite(copy, store, write);
  } catch (error) {
    // The write itself succeeded: the copy catches up at its next revalidation.
    console.warn(
      `[catalogue] a write could not be put in the copy at once: ${error instanceof Error ? error.message : error}`,
    );
  }
  const jar = await cookies();
  const earlier = readWrote(jar.get(wroteCookie)?.value, Date.now());
  const all = earlier?.keys === "all" ? "all" : [...new Set([...(earlier?.keys ?? []), ...keys])];
  const value = `${Date.now()}:${all === "all" || all.length > namedKeys ? "*" : all.map(encodeURIComponent).join(",")}`;
  const secure = usesSecureCookies(getEnv().NEXTAUTH_URL);
  jar.set(wroteCookie, value, { httpOnly: true, sameSite: "lax", path: "/", maxAge: cookieSeconds, secure });
}

async function applyWrite(copy: CatalogueCopy<StoreClient>, store: StoreClient, write: CatalogueWrite) {
  if (write.put?.length) copy.put(write.put);
  if (write.remove?.length) copy.remove(write.remove);
  if (write.reread?.length) {
    const { products, missing } = await readProducts(store, write.reread, { stock: true });
    copy.put(products);
    copy.remove(missing);
  }
}

/** The cookie's word: when, and which products (or all of them). */
export function readWrote(value: string | undefined, now: number): { at: number; keys: string[] | "all" } | null {
  const match = value?.match(/^(\d{10,16}):(.*)$/);
  if (!match) return null;
  const at = Number(match[1]);
  if (!(now - at < cookieSeconds * 1000) || at > now + 60_000) return null;
  const keys = match[2] === "*" ? "all" : match[2]!.split(",").filter(Boolean).map(decodeURIComponent);
  return { at, keys };
}

/**
 * Before answering a read: the person's own writes, made perhaps through another instance, are in
 * this copy (read again when the copy is older than the write and did not take it itself).
 */
export async function catchUp(copy: CatalogueCopy<StoreClient>, store: StoreClient): Promise<void> {
  const wrote = readWrote((await cookies()).get(wroteCookie)?.value, Date.now());
  if (!wrote) return;
  const freshAt = copy.stats().freshAt ?? 0;
  if (freshAt >= wrote.at) return;
  if (wrote.keys === "all") {
    await copy.revalidate();
    return;
  }
  const stale = wrote.keys.filter((key) => (copy.writtenAt(key) ?? 0) < wrote.at);
  if (stale.length) await applyWrite(copy, store, { reread: stale });
}
