import { SCOPES } from "../auth/permissions.js";
import type { Queryable } from "../db/index.js";
import { findClient, type OAuthClient } from "./clients.js";
import { InvalidRequest, InvalidScope, OAuthError, UnsupportedResponseType } from "./errors.js";

/** The authorization request's parameters, as carried by the authorize URL and the consent form. */
export const AUTHORIZATION_PARAMS = [
  "client_id",
  "response_type",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

export interface AuthorizationRequest {
  client: OAuthClient;
  redirectUri: string;
  responseType: "code" | "token";
  scope: string;
  state: string | undefined;
  codeChallenge: string | undefined;
}

/** The request cannot be redirected safely (unknown client, unregistered redirect_uri): show a page. */
export class UnsafeRedirectError extends Error {
  override name = "UnsafeRedirectError";
}

/** An error to report to the client at its redirect_uri (RFC 6749 §4.1.2.1 / §4.2.2.1). */
export class RedirectableError extends Error {
  override name = "RedirectableError";
  constructor(
    readonly error: OAuthError,
    readonly redirectUri: string,
    readonly mode: "query" | "fragment",
    readonly state: string | undefined,
  ) {
    super(error.message);
  }
  location(): string {
    return redirectLocation(this.redirectUri, this.mode, {
      error: this.error.code,
      error_description: this.error.message,
      state: this.state,
    });
  }
}

/** Adds parameters to the redirect URI's query (code flow) or fragment (token flow). */
export function redirectLocation(
  redirectUri: string,
  mode: "query" | "fragment",
  params: Record<string, string | number | undefined>,
): string {
  const entries = Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined);
  if (mode === "fragment")
    return `${redirectUri}#${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}`;
  const url = new URL(redirectUri);
  for (const [k, v] of entries) url.searchParams.set(k, String(v));
  return url.toString();
}

function single(params: Record<string, unknown>, name: string): string | undefined {
  const v = params[name];
  if (Array.isArray(v)) throw new InvalidRequest(`${name} must not be repeated.`);
  if (v === undefined || v === null || v === "") return undefined;
  return String(v);
}

/** Validates an authorization request, in the order RFC 6749 §4.1.2.1 asks for. */
export async function parseAuthorizationRequest(
  q: Queryable,
  params: Record<string, unknown>,
): Promise<AuthorizationRequest> {
  let clientId: string | undefined;
  let redirectUri: string | undefined;
  try {
    clientId = single(params, "client_id");
    redirectUri = single(params, "redirect_uri");
  } catch (err) {
    throw new UnsafeRedirectError((err as Error).message);
  }
  if (!clientId)
    throw new UnsafeRedirectError("The request has no client_id, so it cannot be from a registered application.");
  const client = await findClient(q, clientId);
  if (!client) throw new UnsafeRedirectError("The application that sent you here is not registered with this store.");
  if (!redirectUri) throw new UnsafeRedirectError("The request has no redirect_uri.");
  if (!client.redirectUris.includes(redirectUri)) {
    throw new UnsafeRedirectError("The redirect_uri does not match any address registered for this application.");
  }

  const rawType = params.response_type;
  const mode = rawType === "token" ? "fragment" : "query";
  let state: string | undefined;
  try {
    state = single(params, "state");
    const responseType = single(params, "response_type");
    if (responseType === undefined) throw new InvalidRequest("response_type is required: use code or token.");
    if (responseType !== "code" && responseType !== "token") throw new UnsupportedResponseType(responseType);

    const requested = (single(params, "scope") ?? "").split(/[\s,+]+/).filter(Boolean);
    if (!requested.length) throw new InvalidScope("scope is required: ask for one or more of storefront, cart, admin.");
    const unknown = requested.filter((s) => !(SCOPES as readonly string[]).includes(s));
    if (unknown.length)
      throw new InvalidScope(`Unknown scope ${unknown.join(", ")}; the store knows storefront, cart and admin.`);
    const notAllowed = requested.filter((s) => !client.scopes.includes(s));
    if (notAllowed.length) throw new InvalidScope(`This application may not ask for ${notAllowed.join(", ")}.`);
    const scope = [...new Set(requested)].join(" ");

    const codeChallenge = single(params, "code_challenge");
    const method = single(params, "code_challenge_method");
    if (codeChallenge || method) {
      if (responseType !== "code") throw new InvalidRequest("PKCE applies to response_type=code only.");
      if ((method ?? "plain") !== "S256") throw new InvalidRequest("code_challenge_method must be S256.");
      if (!codeChallenge || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) {
        throw new InvalidRequest("code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).");
      }
    }
    return { client, redirectUri, responseType, scope, state, codeChallenge };
  } catch (err) {
    if (err instanceof OAuthError) throw new RedirectableError(err, redirectUri, mode, state);
    throw err;
  }
}
