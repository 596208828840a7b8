import { and, eq, sql } from "drizzle-orm";
import { oauthClients, users } from "../../src/db/schema/index.js";
import { addClient, seedToken, type TestStore } from "./store.js";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function postForm(
  url: string,
  form: Record<string, string> | URLSearchParams,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
  return { res, status: res.status, json: parseJson(text) as Record<string, any>, text };
}

/** The token `outbox` reads with when it is given none, by store. */
const outboxReaders = new WeakMap<TestStore, string>();

/**
 * An admin token of the store's first active user with manage_users (who alone
 * may read the outbox), seeded straight into the database on a registered
 * application (a new one when there is none).
 */
async function outboxReader(store: TestStore): Promise<string> {
  const db = store.database.db;
  const [reader] = await db
    .select()
    .from(users)
    .where(and(eq(users.isActive, true), sql`${users.permissions} ? 'manage_users'`))
    .orderBy(users.id)
    .limit(1);
  if (!reader) throw new Error("reading /dev/outbox needs an active user with manage_users in the store");
  const [client] = await db.select({ client_id: oauthClients.clientId }).from(oauthClients).limit(1);
  return (await seedToken(store, client ?? (await addClient(store)), reader)).access_token;
}

/**
 * The development outbox (GET /dev/outbox), newest first, read with `token`,
 * or else with a token of the store's first user who may manage users.
 */
export async function outbox(
  store: TestStore,
  token?: string,
): Promise<{ id: number; to: string; subject: string; text: string; html: string | null }[]> {
  const get = (bearer: string) => fetch(`${store.url}/dev/outbox`, { headers: { authorization: `Bearer ${bearer}` } });
  let res: Response;
  if (token) res = await get(token);
  else {
    const kept = outboxReaders.get(store);
    const reader = kept ?? (await outboxReader(store));
    outboxReaders.set(store, reader);
    res = await get(reader);
    // The kept reader's token may have ended since (its user changed): take a fresh one, once.
    if (kept && (res.status === 401 || res.status === 403)) {
      await res.body?.cancel();
      const fresh = await outboxReader(store);
      outboxReaders.set(store, fresh);
      res = await get(fresh);
    }
  }
  if (res.status !== 200) throw new Error(`/dev/outbox answered ${res.status}`);
  return (await res.json()) as never;
}

export interface ApiRequestOptions {
  /** Sent as a URL-encoded form; a URLSearchParams may repeat a field. */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as application/json. */
  json?: unknown;
  /** A raw body (set content-type in `headers`). */
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Calls the API with a token (Authorization: Bearer); body fields go as a URL-encoded form. */
export async function api(
  store: TestStore,
  token: string | null,
  method: string,
  path: string,
  form?: Record<string, string> | URLSearchParams,
  opts: Omit<ApiRequestOptions, "form"> = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Buffer | undefined = opts.body;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  } else if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  Object.assign(headers, opts.headers);
  const res = await fetch(`${store.url}/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
  return { res, status: res.status, json: parseJson(text) as any, text };
}
