import { z } from "zod";
import { formParam, looseFields } from "../api/input.js";
import { PERMISSIONS } from "../auth/permissions.js";

/**
 * The OAuth endpoints' parameters are checked by their handlers, in the order
 * RFC 6749 asks and with its error codes, so the schemas here only describe them.
 */
const param = (description: string) => formParam.optional().meta({ description });

const authorizationParams = {
  client_id: param("The application's client ID."),
  response_type: param("code (server-side flow) or token (client-side flow)."),
  redirect_uri: param("Exactly one of the application's registered redirect URIs."),
  scope: param("Space-separated scopes: storefront, cart, admin."),
  state: param("Returned untouched."),
  code_challenge: param("PKCE: base64url SHA-256 of the code_verifier (43 characters)."),
  code_challenge_method: param("PKCE: S256."),
};

/** GET /oauth2/authorize: the authorization request. */
export const authorizationQuery = looseFields(authorizationParams);

/** POST /oauth2/authorize: the consent form echoes the request and adds the decision. */
export const consentForm = looseFields({
  ...authorizationParams,
  csrf_token: param("The session's form token."),
  decision: param("allow or deny."),
});

/** POST /oauth2/login: the sign-in form. */
export const signInForm = looseFields({
  email: param("The store user's email."),
  password: param("The store user's password."),
  csrf_token: param("The session's form token."),
  return_to: param("The authorization request to return to."),
});

/** POST /oauth2/logout: the sign-out page's form, and the consent page's "sign in as someone else". */
export const signOutForm = looseFields({
  csrf_token: param("The session's form token."),
  return_to: param("The authorization request to return to; without one, the signed-out page."),
});

const clientAuth = {
  client_id: param("The application's client ID (or use HTTP Basic)."),
  client_secret: param("The application's client secret (or use HTTP Basic)."),
};

/** POST /oauth2/access_token (RFC 6749 §4.1.3, §6). */
export const tokenRequest = looseFields({
  ...clientAuth,
  grant_type: param("authorization_code or refresh_token."),
  code: param("authorization_code: the code from the redirect."),
  redirect_uri: param("authorization_code: the same redirect_uri as in the authorization request."),
  code_verifier: param("authorization_code with PKCE: the verifier."),
  refresh_token: param("refresh_token: the refresh token."),
  scope: param("refresh_token: a narrower scope, optional."),
});

/** POST /oauth2/revoke (RFC 7009). */
export const revocationRequest = looseFields({
  ...clientAuth,
  token: param("An access or refresh token; either revokes the grant it belongs to."),
  token_type_hint: param("Ignored: the store finds the token either way."),
});

/** The revocation endpoint's answer: an empty JSON object, which every client library can parse. */
export const revocationResponse = z
  .strictObject({})
  .meta({ description: "Revoked, or nothing to revoke (an unknown token, or another client's): {}." });

const extension = (description: string) => ({ description: `Extension: ${description}`, "x-store-extension": true });

/** The token endpoint's answer (docs/contract.md#oauth). */
export const tokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("bearer"),
    scope: z.string().meta({ description: "The granted scopes, space-separated." }),
    expire_in: z.number().int().meta({ description: "Seconds; very large (tokens are effectively non-expiring)." }),
    expires_in: z.number().int().meta(extension("the standard name of expire_in, same value.")),
    refresh_token: z.string().optional(),
    user: z
      .object({ id: z.number().int(), email: z.string(), permissions: z.array(z.enum(PERMISSIONS)) })
      .meta(extension("the store user who granted access.")),
  })
  .meta({ description: "Tokens for the store user who granted access." });

export type TokenResponse = z.output<typeof tokenResponse>;

/** RFC 6749 §5.2 errors: {error, error_description}. */
export const oauthError = z
  .object({
    error: z.string().meta({
      description: "invalid_request, invalid_client, invalid_grant, unsupported_grant_type, invalid_scope, …",
    }),
    error_description: z.string(),
  })
  .meta({ description: "The request failed (RFC 6749 §5.2)." });
