import { storeRead } from "@/lib/route-handler";
import { StoreApiError } from "@/lib/store/errors";
import { readProducts } from "@/lib/store/products/api-bulk";
import { bulkCurrentMaxKeys, bulkSaveLimits, type BulkCurrent } from "@/lib/store/products/model-bulk";

/**
 * Some products as the store holds them now, for the bulk grid's conflict
 * check before a save and its "take theirs" (`?keys=k1,k2,…`, at most
 * bulkCurrentMaxKeys): `{products, missing}`, `missing` naming the keys the
 * store no longer knows.
 */
export const GET = storeRead(async (store, { searchParams }): Promise<BulkCurrent> => {
  const keys = [
    ...new Set(
      searchParams
        .getAll("keys")
        .flatMap((value) => value.split(","))
        .map((key) => key.trim())
        .filter(Boolean),
    ),
  ];
  const refuse = (message: string) => new StoreApiError({ status: 400, code: "invalid_input", message });
  if (keys.length === 0) throw refuse("Name the products to read: ?keys=key1,key2.");
  if (keys.length > bulkCurrentMaxKeys) throw refuse(`Read at most ${bulkCurrentMaxKeys} products at a time.`);
  if (keys.some((key) => key.length > bulkSaveLimits.keyLength)) throw refuse("A product key is too long.");
  // `&with=stock`: with their options' and extras' stock (the inventory's conflict check).
  return readProducts(store, keys, { stock: searchParams.get("with") === "stock" });
});
