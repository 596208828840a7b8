import fs from "node:fs";
import path from "node:path";
import { randomToken } from "../auth/secrets.js";
import type { StoreConfig } from "../config.js";
import type { Db } from "../db/index.js";
import { addRedirectUris, createClient, findClient } from "../oauth/clients.js";
import { countUsers, createUser } from "../users/users.js";

/** What the credentials file holds (mode 0600), and what `store bootstrap` prints. */
export interface DashboardCredentials {
  client_id: string;
  client_secret: string;
  owner_email?: string;
  owner_password?: string;
  store_url?: string;
  store_name: string;
  /** True when this call registered the app (a new store, or a credentials file of another store). */
  created: boolean;
}

/**
 * The bundled dashboard's OAuth application, kept in a credentials file (`store bootstrap`, and
 * `store serve --credentials`, which `npm start` uses on every start after the first: one opening of
 * the embedded database rather than two). When the file names an application this store has, its
 * redirect URIs gain the given ones (the dashboard may have moved to another port) and nothing else
 * changes; otherwise the application is registered, with an owner and a little staff when the store
 * has no user yet, and the file is written. One transaction.
 */
export async function bootstrapDashboardApp(
  db: Db,
  config: StoreConfig,
  { file, redirectUris, ownerEmail }: { file: string; redirectUris: string[]; ownerEmail?: string | undefined },
): Promise<DashboardCredentials> {
  if (fs.existsSync(file)) {
    const saved = JSON.parse(fs.readFileSync(file, "utf8")) as Omit<DashboardCredentials, "created">;
    const client = await findClient(db, saved.client_id);
    if (client) {
      await addRedirectUris(db, client, redirectUris, { mode: config.mode });
      // The store's name is kept too: `npm start` names the store to the dashboard from this file.
      if (saved.store_name !== config.storeName) writeCredentials(file, { ...saved, store_name: config.storeName });
      return { ...saved, store_name: config.storeName, created: false };
    }
  }
  return db.transaction(async (tx) => {
    let owner: { owner_email?: string; owner_password?: string } = {};
    if ((await countUsers(tx)) === 0) {
      const email = ownerEmail ?? "owner@example.com";
      const password = randomToken("", 12);
      await createUser(tx, { email, password });
      owner = { owner_email: email, owner_password: password };
      // A little staff for the demo store; they have no password until one is set for them.
      await createUser(tx, { email: "fulfilment@example.com", permissions: ["manage_orders", "view_stats"] });
      await createUser(tx, {
        email: "marketing@example.com",
        permissions: ["manage_marketing", "manage_products", "view_stats"],
      });
    }
    const app = await createClient(
      tx,
      { name: "Store Admin", redirectUris, scopes: ["admin", "storefront"] },
      { mode: config.mode },
    );
    const saved = { ...app, ...owner, store_url: config.publicUrl, store_name: config.storeName };
    writeCredentials(file, saved);
    return { ...saved, created: true };
  });
}

function writeCredentials(file: string, saved: Omit<DashboardCredentials, "created">): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(saved, null, 2), { mode: 0o600 });
}
