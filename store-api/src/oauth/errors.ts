/** OAuth 2.0 errors, named by their RFC 6749 codes (§4.1.2.1, §5.2) and RFC 7009. */
export class OAuthError extends Error {
  override name = "OAuthError";
  constructor(
    readonly code: string,
    description: string,
    readonly status = 400,
  ) {
    super(description);
  }
  toJSON() {
    return { error: this.code, error_description: this.message };
  }
}

export class InvalidRequest extends OAuthError {
  constructor(description: string) {
    super("invalid_request", description);
  }
}
/** Client authentication failed (RFC 6749 §5.2): 401. */
export class InvalidClient extends OAuthError {
  constructor(description = "Client authentication failed: unknown client_id or wrong client_secret.") {
    super("invalid_client", description, 401);
  }
}
export class InvalidGrant extends OAuthError {
  constructor(description: string) {
    super("invalid_grant", description);
  }
}
export class UnauthorizedClient extends OAuthError {
  constructor(description: string) {
    super("unauthorized_client", description);
  }
}
export class UnsupportedGrantType extends OAuthError {
  constructor(grantType: string) {
    super(
      "unsupported_grant_type",
      `grant_type ${grantType || "(missing)"} is not supported; use authorization_code or refresh_token.`,
    );
  }
}
export class UnsupportedResponseType extends OAuthError {
  constructor(responseType: string) {
    super(
      "unsupported_response_type",
      `response_type ${responseType || "(missing)"} is not supported; use code or token.`,
    );
  }
}
export class InvalidScope extends OAuthError {
  constructor(description: string) {
    super("invalid_scope", description);
  }
}
export class AccessDenied extends OAuthError {
  constructor(description = "The store user denied the application access.") {
    super("access_denied", description, 403);
  }
}
