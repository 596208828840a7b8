import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app.js";
import { testConfig, type SignInSettings } from "../../src/config.js";
import { signInThrottle, webSessions } from "../../src/db/schema/index.js";
import { addClient, addUser, Browser, formFields, REDIRECT_URI, startStore, type TestStore } from "../helpers/index.js";

/**
 * The sign-in throttle (docs/contract.md#oauth): password checks reserved
 * before the hash, counted in the database per e-mail and client address, per
 * address and store-wide; expired records purged on a schedule.
 */

const OWNER = { email: "owner@example.com", password: "correct horse battery" };
/** One person per test, so that no test meets another's counts. */
const CLERK = { email: "clerk@example.com", password: "battery staple horse" };
const PACKER = { email: "packer@example.com", password: "staple horse correct" };
let clientId: string;

function signInSettings(overrides: Partial<SignInSettings>): SignInSettings {
  return { ...testConfig().signIn, ...overrides };
}

async function storeWith(overrides: Partial<SignInSettings>, trustProxy = true) {
  const store = await startStore({ trustProxy, signIn: signInSettings(overrides) });
  clientId = (await addClient(store)).client_id;
  for (const person of [OWNER, CLERK, PACKER]) await addUser(store, person);
  return store;
}

function authorizePath() {
  const qs = new URLSearchParams({
    client_id: clientId,
    response_type: "code",
    redirect_uri: REDIRECT_URI,
    scope: "admin",
  });
  return `/oauth2/authorize?${qs}`;
}

/** A browser with a sign-in form open, coming from `address` (X-Forwarded-For; the store trusts it here). */
async function openForm(base: string, address = "198.51.100.7") {
  const browser = new Browser(base);
  const headers = { "x-forwarded-for": address };
  const page = await browser.request(authorizePath(), { headers });
  expect(page.res.status).toBe(200);
  const form = formFields(page.text, "/oauth2/login");
  return {
    submit: (email: string, password: string, extra: Record<string, string> = {}) =>
      browser.request("/oauth2/login", { form: { ...form, email, password, ...extra }, headers }),
  };
}

/** Ends every throttle window now, as if the window had passed. */
async function windowsPass(store: TestStore) {
  await store.database.db.execute(sql`UPDATE sign_in_throttle SET window_ends_at = now() - interval '1 second'`);
}

function statuses(results: { res: Response }[]) {
  const counts: Record<number, number> = {};
  for (const { res } of results) counts[res.status] = (counts[res.status] ?? 0) + 1;
  return counts;
}

describe("per e-mail and client address", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await storeWith({});
  });
  afterAll(() => store.close());

  it("checks at most 5 of 50 parallel wrong passwords, then refuses the right one until the window passes", async () => {
    const form = await openForm(store.url);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => form.submit(OWNER.email, `wrong password ${i}`)),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 45 });
    for (const { res } of results.filter((r) => r.res.status === 429)) {
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(60);
    }

    const right = await form.submit(OWNER.email, OWNER.password);
    expect(right.res.status).toBe(429);
    expect(right.text).toContain("Too many failed sign-ins.");

    await windowsPass(store);
    expect((await form.submit(OWNER.email, OWNER.password)).res.status).toBe(303);
  });

  it("does not lock the person out from another address", async () => {
    const attacker = await openForm(store.url, "203.0.113.9");
    for (let i = 0; i < 5; i++) expect((await attacker.submit(CLERK.email, "wrong password")).res.status).toBe(401);
    expect((await attacker.submit(CLERK.email, CLERK.password)).res.status).toBe(429);

    const clerk = await openForm(store.url, "198.51.100.20");
    expect((await clerk.submit(CLERK.email, CLERK.password)).res.status).toBe(303);
  });

  it("holds across instances sharing the database", async () => {
    const other = await buildApp({
      config: testConfig({ trustProxy: true }),
      // The second instance must not close the first one's database.
      database: { ...store.database, close: async () => {} },
    });
    await other.listen({ port: 0, host: "127.0.0.1" });
    try {
      const address = other.server.address();
      const otherUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const first = await openForm(store.url, "192.0.2.44");
      for (let i = 0; i < 5; i++) expect((await first.submit(PACKER.email, "wrong password")).res.status).toBe(401);
      const second = await openForm(otherUrl, "192.0.2.44");
      expect((await second.submit(PACKER.email, PACKER.password)).res.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe("the store-wide brake", () => {
  let store: TestStore;
  beforeAll(async () => {
    // Tiny numbers so the test can cross them; no checks at all while braked keeps it deterministic.
    store = await storeWith({ storeWide: 3, brakedPerSecond: 0 });
  });
  afterAll(() => store.close());

  it("counts only failures, and once crossed refuses everyone until the window passes", async () => {
    // Successful sign-ins give their reservation back.
    for (let i = 0; i < 4; i++) {
      expect((await (await openForm(store.url, `192.0.2.${i}`)).submit(OWNER.email, OWNER.password)).res.status).toBe(
        303,
      );
    }
    for (let i = 10; i < 13; i++) {
      const attacker = await openForm(store.url, `192.0.2.${i}`);
      expect((await attacker.submit(`guess${i}@example.com`, "wrong password")).res.status).toBe(401);
    }
    const owner = await openForm(store.url, "198.51.100.99");
    const braked = await owner.submit(OWNER.email, OWNER.password);
    expect(braked.res.status).toBe(429);
    expect(braked.res.headers.get("retry-after")).toBe("1");

    await windowsPass(store);
    expect((await owner.submit(OWNER.email, OWNER.password)).res.status).toBe(303);
  });
});

describe("the sign-in form's return_to", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await storeWith({});
  });
  afterAll(() => store.close());

  it("answers a return_to holding CR/LF with the sign-in form and 400, signing no one in", async () => {
    const form = await openForm(store.url);
    const { res, text } = await form.submit(OWNER.email, OWNER.password, {
      return_to: "/oauth2/authorize?x=1\r\nSet-Cookie: evil=1",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("set-cookie") ?? "").not.toContain("evil");
    expect(text).toContain('action="/oauth2/login"');
    expect(text).toContain("This sign-in link is damaged.");
  });

  it("answers sign-out with such a return_to with a message page and 400", async () => {
    const browser = new Browser(store.url);
    const page = await browser.request(authorizePath());
    const { csrf_token } = formFields(page.text, "/oauth2/login");
    const { res, text } = await browser.request("/oauth2/logout", {
      form: { csrf_token: csrf_token!, return_to: "/oauth2/authorize?x=1\nLocation: http://evil.test/" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(text).toContain("This sign-in link is damaged.");
  });
});

describe("the purge schedule", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await storeWith({ purgeEveryMs: 50 });
  });
  afterAll(() => store.close());

  it("deletes expired sessions without anyone signing in", async () => {
    const { db } = store.database;
    await db.execute(sql`INSERT INTO web_sessions (id_hash, csrf_token, expires_at) VALUES
      ('expired', 'x', now() - interval '1 minute'), ('live', 'x', now() + interval '1 hour')`);
    await vi.waitFor(async () => expect(await ids("sessions")).toEqual(["live"]), {
      timeout: 10_000,
      interval: 50,
    });
  });

  it("deletes throttle records whose window has ended", async () => {
    const { db } = store.database;
    await db.execute(sql`INSERT INTO sign_in_throttle (key, count, window_ends_at) VALUES
      ('expired', 5, now() - interval '1 minute'), ('live', 5, now() + interval '1 hour')`);
    await vi.waitFor(async () => expect(await ids("records")).toEqual(["live"]), {
      timeout: 10_000,
      interval: 50,
    });
  });

  async function ids(of: "sessions" | "records") {
    const { db } = store.database;
    const rows =
      of === "sessions"
        ? await db.select({ id: webSessions.idHash }).from(webSessions)
        : await db.select({ id: signInThrottle.key }).from(signInThrottle);
    return rows.map((r) => r.id).sort();
  }
});
