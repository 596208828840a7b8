import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { addClient, addUser, api, seedToken, startStore, type TestStore } from "../helpers/index.js";

/**
 * The dashboard reads a user's permissions by asking this store one cheap
 * request per permission (lib/store/access.ts, run at sign-in and again by
 * lib/session-refresh.ts). Here its code asks the real store, over HTTP, with
 * the tokens an attacker holds: a deactivated user's, a made-up one, and one
 * whose rate limit is spent. None may come out as a permission: only an answer
 * that proves access counts, a 401 ends the session, and a 429 keeps what was
 * known (docs/architecture.md#navigation).
 *
 * The dashboard's modules are loaded by path at run time: the store's type
 * check (NodeNext) does not take the dashboard's sources, which lib's own
 * tests check. Their "server-only" marker (a Next.js build check, not
 * installed on its own) is the one module mocked: nothing of the store
 * imports it, so the other test files of this worker are untouched.
 */
vi.mock("server-only", () => ({}));

type Permission =
  "manage_orders" | "manage_products" | "manage_store_settings" | "manage_marketing" | "manage_users" | "view_stats";
type ProbeAnswer = "allowed" | "refused" | "signed_out" | "unknown";
interface StoreOptions {
  baseUrl: string;
  accessToken: string;
}
interface Access {
  probePermissions(options: StoreOptions): Promise<Record<Permission, ProbeAnswer>>;
  rereadPermissions(options: StoreOptions, known: readonly string[] | null): Promise<string[] | string>;
  signInPermissions(options: StoreOptions): Promise<{ refused: Permission[]; certain: boolean }>;
}
interface SessionRefresh {
  refreshedSession(jwt: object, session: object, env: { STORE_BASE_URL: string }): Promise<object | null | string>;
}

const dashboard = "../../../lib/";
const access = (await import(`${dashboard}store/access.ts`)) as Access;
const refresh = (await import(`${dashboard}session-refresh.ts`)) as SessionRefresh;

const every: Permission[] = [
  "manage_orders",
  "manage_products",
  "manage_store_settings",
  "manage_marketing",
  "manage_users",
  "view_stats",
];

/** The permissions `answers` counts as allowed. */
const allowed = (answers: Record<Permission, ProbeAnswer>) => every.filter((p) => answers[p] === "allowed").sort();

describe("the dashboard's permission probes against the store", () => {
  let store: TestStore;
  let owner: string;
  let clerk: string;
  let deactivated: string;
  const madeUp = "a-token-the-store-never-issued";

  beforeAll(async () => {
    store = await startStore();
    const client = await addClient(store);
    const ownerRow = await addUser(store, { email: "owner@example.com" });
    owner = (await seedToken(store, client, ownerRow)).access_token;
    const clerkRow = await addUser(store, { email: "clerk@example.com", permissions: [] });
    clerk = (await seedToken(store, client, clerkRow)).access_token;
    const former = await addUser(store, { email: "former@example.com" });
    deactivated = (await seedToken(store, client, former)).access_token;
    expect((await api(store, owner, "PUT", `/users/${former.id}`, { is_active: "false" })).status).toBe(200);
  });
  afterAll(() => store.close());

  const ask = (accessToken: string) => ({ baseUrl: store.url, accessToken });

  it("grants what the store proves: every permission to the owner (the products write refused as invalid)", async () => {
    expect(allowed(await access.probePermissions(ask(owner)))).toEqual([...every].sort());
    expect(await access.signInPermissions(ask(owner))).toEqual({ refused: [], certain: true });
  });

  it("grants nothing to a user without permissions", async () => {
    const answers = await access.probePermissions(ask(clerk));
    expect(Object.values(answers)).toEqual(every.map(() => "refused"));
    expect((await access.rereadPermissions(ask(clerk), every)) as string[]).toEqual([]);
  });

  it.each([
    ["a deactivated user's token", () => deactivated],
    ["a made-up token", () => madeUp],
  ])("reads %s as signed out, never as any permission", async (_name, token) => {
    const answers = await access.probePermissions(ask(token()));
    expect(allowed(answers)).toEqual([]);
    expect(Object.values(answers)).toEqual(every.map(() => "signed_out"));
    expect(await access.rereadPermissions(ask(token()), null)).toBe("signed_out");
    await expect(access.signInPermissions(ask(token()))).rejects.toMatchObject({ status: 401 });
  });

  it("ends the session whose token the store refuses when it is read again", async () => {
    const session = {
      accessToken: deactivated,
      scope: "admin storefront",
      expiresAt: null,
      storeUser: null,
      storeUrl: store.url,
      refused: [],
      // Never read: due now.
      permissionsReadAt: null,
      permissionsBefore: null,
    };
    const refreshed = await refresh.refreshedSession({ sub: "1", ...session }, session, { STORE_BASE_URL: store.url });
    expect(refreshed).toBe("signed_out");
  });
});

describe("the dashboard's permission probes against a store that throttles the token", () => {
  let store: TestStore;
  let clerk: string;

  beforeAll(async () => {
    // 0.1 requests a second, bursts to 0.2: every token's bucket starts (all but) empty and takes
    // 8 s to earn a request, longer than the probes wait out a 429 (2 s).
    store = await startStore({ rateLimit: 0.1 });
    const client = await addClient(store);
    const clerkRow = await addUser(store, { email: "clerk@example.com", permissions: [] });
    clerk = (await seedToken(store, client, clerkRow)).access_token;
  });
  afterAll(() => store.close());

  it("grants nothing on a 429, keeps what was known, and at sign-in shows nothing it could not prove", async () => {
    const options = { baseUrl: store.url, accessToken: clerk };
    const [answers, reread, signIn] = await Promise.all([
      access.probePermissions(options),
      access.rereadPermissions(options, []),
      access.signInPermissions(options),
    ]);
    // At most one probe of the three reads got through (PostgreSQL's bucket lets a new key's first request pass),
    // and it was refused: this user has no permission.
    expect(allowed(answers)).toEqual([]);
    expect(Object.values(answers).filter((a) => a === "unknown").length).toBeGreaterThanOrEqual(5);
    expect(reread === "unreachable" || (Array.isArray(reread) && reread.length === 0), String(reread)).toBe(true);
    expect(signIn.refused.sort()).toEqual([...every].sort());
    expect(signIn.certain).toBe(false);
  });
});
