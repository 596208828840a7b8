import { Browser, formFields } from "./browser.js";
import { postForm } from "./http.js";
import { REDIRECT_URI, type TestStore } from "./store.js";

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
