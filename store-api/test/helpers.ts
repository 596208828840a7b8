import { randomBytes } from "node:crypto";
import pg from "pg";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../src/app.js";
import { testConfig, type StoreConfig } from "../src/config.js";
import { openDatabase, type Database } from "../src/db/index.js";
import { createClient } from "../src/oauth/clients.js";
import { createGrant, issueTokens, type TokenResponse } from "../src/oauth/tokens.js";
import { createUser, type CreateUserInput, type UserRow } from "../src/users/users.js";

/**
 * A real store for one test file: the real app listening on a free port, on a
 * fresh database: in-memory PGlite, or a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set (CI sets it, so the suite runs on both).
 */
export interface TestStore {
  app: FastifyInstance;
  url: string;
  database: Database;
  close(): Promise<void>;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { database: await openDatabase({}), drop: async () => {} };
  const name = `store_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function startStore(overrides: Partial<StoreConfig> = {}): Promise<TestStore> {
  const { database, drop } = await freshDatabase();
  const app = await buildApp({ config: testConfig(overrides), database });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  app.config.publicUrl = url;
  return {
    app,
    url,
    database,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

export const REDIRECT_URI = "http://app.test/callback";

export async function addClient(
  store: TestStore,
  opts: { redirectUris?: string[]; scopes?: ("storefront" | "cart" | "admin")[]; name?: string } = {},
) {
  return createClient(store.database.db, {
    name: opts.name ?? "Test App",
    redirectUris: opts.redirectUris ?? [REDIRECT_URI],
    ...(opts.scopes ? { scopes: opts.scopes } : {}),
  });
}

export async function addUser(store: TestStore, input: CreateUserInput) {
  return createUser(store.database.db, input);
}

/** A tiny cookie jar: the store's pages need their session cookie. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(
    path: string,
    init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(new URL(path, this.base), {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      const v = value.join("=");
      if (!v || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), v);
    }
    return { res, text: await res.text() };
  }
}

/** The value attributes of the hidden inputs of the first form posting to `action` in a page. */
export function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`No form posting to ${action} in:\n${html}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  }
  return fields;
}

export interface AuthorizeOptions {
  clientId: string;
  email: string;
  password: string;
  scope?: string;
  responseType?: "code" | "token";
  redirectUri?: string;
  state?: string;
  extra?: Record<string, string>;
  decision?: "allow" | "deny";
}

/** Walks the browser part of the flow: sign-in page, sign-in, consent, decision. Returns the final redirect. */
export async function authorize(store: TestStore, o: AuthorizeOptions, browser = new Browser(store.url)): Promise<URL> {
  const params = new URLSearchParams({
    client_id: o.clientId,
    response_type: o.responseType ?? "code",
    redirect_uri: o.redirectUri ?? REDIRECT_URI,
    scope: o.scope ?? "admin storefront",
    ...(o.state ? { state: o.state } : {}),
    ...o.extra,
  });
  let page = await browser.request(`/oauth2/authorize?${params}`);
  if (page.res.status !== 200) throw new Error(`authorize answered ${page.res.status}: ${page.text}`);
  if (page.text.includes('action="/oauth2/login"')) {
    const login = formFields(page.text, "/oauth2/login");
    const signedIn = await browser.request("/oauth2/login", {
      form: { ...login, email: o.email, password: o.password },
    });
    if (signedIn.res.status !== 303) throw new Error(`sign-in answered ${signedIn.res.status}: ${signedIn.text}`);
    page = await browser.request(signedIn.res.headers.get("location")!);
  }
  const consent = formFields(page.text, "/oauth2/authorize");
  const decided = await browser.request("/oauth2/authorize", { form: { ...consent, decision: o.decision ?? "allow" } });
  if (decided.res.status !== 303) throw new Error(`consent answered ${decided.res.status}: ${decided.text}`);
  return new URL(decided.res.headers.get("location")!);
}

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
  return { res, status: res.status, json: parseJson(text) as Record<string, any>, text }; // any: tests assert on the shape
}

/** POST /oauth2/access_token with the client's id and secret in the form (plus `form`). */
export async function tokenRequest(
  store: TestStore,
  client: { client_id: string; client_secret: string } | null,
  form: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return postForm(
    `${store.url}/oauth2/access_token`,
    { ...(client ? { client_id: client.client_id, client_secret: client.client_secret } : {}), ...form },
    headers,
  );
}

/** Exchanges an authorization code (redirect_uri defaults to REDIRECT_URI). */
export async function exchangeCode(
  store: TestStore,
  client: { client_id: string; client_secret: string },
  code: string,
  extra: Record<string, string> = {},
) {
  return tokenRequest(store, client, { grant_type: "authorization_code", redirect_uri: REDIRECT_URI, code, ...extra });
}

/** HTTP Basic client authentication (RFC 6749 §2.3.1: both parts form-urlencoded). */
export function basicAuth(clientId: string, secret: string): Record<string, string> {
  const enc = (v: string) => encodeURIComponent(v);
  return { authorization: `Basic ${Buffer.from(`${enc(clientId)}:${enc(secret)}`).toString("base64")}` };
}

/**
 * Seeds a grant and its tokens straight into the database, for tests that are
 * about the API rather than the OAuth flow (no browser, no password hashing).
 */
export async function seedToken(
  store: TestStore,
  client: { client_id: string },
  user: UserRow,
  scope = "admin storefront",
  opts: { refresh?: boolean } = {},
): Promise<TokenResponse> {
  const grantId = await createGrant(store.database.db, client.client_id, user.id, scope);
  return issueTokens(store.database.db, { id: grantId, scope }, user, { refresh: opts.refresh ?? true });
}

/** The development outbox (GET /dev/outbox), newest first. */
export async function outbox(
  store: TestStore,
): Promise<{ id: number; to: string; subject: string; text: string; html: string | null }[]> {
  const res = await fetch(`${store.url}/dev/outbox`);
  if (res.status !== 200) throw new Error(`/dev/outbox answered ${res.status}`);
  return (await res.json()) as never;
}

/** The label texts of a page, each with whether an input with the label's `for` id exists. */
export function labels(html: string): { text: string; hasInput: boolean }[] {
  return [...html.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => ({
    text: m[2]!.trim(),
    hasInput: new RegExp(`<input[^>]* id="${m[1]}"`).test(html),
  }));
}

/** The whole code flow: a fresh access token for the user. */
export async function signIn(
  store: TestStore,
  client: { client_id: string; client_secret: string },
  user: { email: string; password: string },
  scope = "admin storefront",
) {
  const location = await authorize(store, {
    clientId: client.client_id,
    email: user.email,
    password: user.password,
    scope,
  });
  const code = location.searchParams.get("code");
  if (!code) throw new Error(`no code in ${location}`);
  const token = await postForm(`${store.url}/oauth2/access_token`, {
    grant_type: "authorization_code",
    client_id: client.client_id,
    client_secret: client.client_secret,
    redirect_uri: REDIRECT_URI,
    code,
  });
  if (token.status !== 200) throw new Error(`token exchange answered ${token.status}: ${token.text}`);
  return token.json as { access_token: string; refresh_token: string; scope: string; user: { id: number } };
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
  return { res, status: res.status, json: parseJson(text) as any, text }; // any: tests assert on the shape
}
