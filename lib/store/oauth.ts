import "server-only";
import { z } from "zod";
import { encodeForm } from "./client";
import { StoreUnreachableError, displayAddress, parseErrorBody } from "./errors";

/** Scopes the dashboard asks for: admin for everything it edits, storefront for product reads. */
export const requestedScopes = "admin storefront";

const seconds = z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]);

/**
 * The token response. The spec names `expire_in`; standard clients send
 * `expires_in`; `refresh_token` may be absent; `user` is an extension some
 * stores add. Anything else passes through untouched.
 */
export const tokenResponseSchema = z
  .looseObject({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    scope: z.union([z.string(), z.array(z.string()).transform((s) => s.join(" "))]).optional(),
    expire_in: seconds.optional(),
    expires_in: seconds.optional(),
    refresh_token: z.string().optional(),
    user: z
      .looseObject({
        id: z.union([z.number(), z.string()]).transform(String),
        email: z.string().optional(),
        permissions: z.array(z.string()).optional(),
      })
      .optional()
      .catch(undefined),
  })
  .transform(({ expire_in, expires_in, ...rest }) => ({
    ...rest,
    expires_in: expires_in ?? expire_in,
  }));

export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export class OAuthError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "OAuthError";
  }
}

export interface ClientCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Authorization code → access token (client secret in the POST body, as the
 * spec shows), with the PKCE verifier of this sign-in (docs/contract.md#oauth).
 */
export async function exchangeCode(
  credentials: ClientCredentials,
  { code, redirectUri, codeVerifier }: { code: string; redirectUri: string; codeVerifier: string },
  fetchImpl: typeof fetch = fetch,
): Promise<TokenResponse> {
  let response: Response;
  try {
    response = await fetchImpl(`${credentials.baseUrl}/oauth2/access_token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: encodeForm({
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        grant_type: "authorization_code",
        redirect_uri: redirectUri,
        code,
        code_verifier: codeVerifier,
      }).toString(),
      cache: "no-store",
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new StoreUnreachableError(credentials.baseUrl, error);
  }
  const text = await response.text();
  if (!response.ok) {
    const body = parseErrorBody(text);
    throw new OAuthError(
      body.error ?? `http_${response.status}`,
      `The store refused the sign-in code (${body.error ?? `HTTP ${response.status}`}${body.description ? `: ${body.description}` : ""}).`,
      response.status,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new OAuthError("invalid_response", "The store's token response is not JSON.");
  }
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new OAuthError(
      "invalid_response",
      `The store's token response is not usable: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data;
}

/**
 * Revokes a token (RFC 7009) on sign-out. The spec does not promise the
 * endpoint, so any failure (404 included) is ignored: the session is cleared
 * either way.
 */
export async function revokeToken(
  credentials: ClientCredentials,
  token: string,
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  try {
    const response = await fetchImpl(`${credentials.baseUrl}/oauth2/revoke`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: encodeForm({
        token,
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
      }).toString(),
      cache: "no-store",
      signal: AbortSignal.timeout(5_000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

/** The profile next-auth needs; the store has no userinfo endpoint. */
export interface StoreProfile {
  id: string;
  email?: string;
  permissions?: string[];
  /** True when the store named no user and the profile stands for the store. */
  isStore?: boolean;
  [key: string]: unknown;
}

/** From the token response's optional `user` (an extension), else the store itself. */
export function profileFromTokens(tokens: Pick<TokenResponse, "user">, storeUrl: string): StoreProfile {
  const user = tokens.user;
  if (user) return { id: user.id, email: user.email, permissions: user.permissions };
  return { id: `store:${displayAddress(storeUrl)}`, isStore: true };
}
