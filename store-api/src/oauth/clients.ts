import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { randomToken, safeEqual, sha256 } from "../auth/secrets.js";
import { isLoopbackHost } from "../auth/loopback.js";
import { SCOPES, type Scope } from "../auth/permissions.js";
import type { Queryable } from "../db/index.js";
import { oauthClients } from "../db/schema/index.js";
import { InvalidClient, InvalidRequest } from "./errors.js";

export type OAuthClient = typeof oauthClients.$inferSelect;

export class ClientRegistrationError extends Error {
  override name = "ClientRegistrationError";
}

/** The mode the store runs in decides which redirect URIs an application may register. */
export interface RegistrationOptions {
  mode?: "development" | "production";
}

/**
 * In production mode codes and tokens travel to https redirect URIs only, or to
 * plain http on this machine (RFC 8252 §7.3: a native app's loopback listener;
 * docs/contract.md#modes). Checked when URIs are registered; applications
 * registered earlier are not re-checked.
 */
function checkRedirectUri(uri: string, { mode = "development" }: RegistrationOptions = {}) {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw new ClientRegistrationError(`Redirect URI ${uri} is not an absolute URL.`);
  }
  if (url.hash) throw new ClientRegistrationError(`Redirect URI ${uri} must not have a fragment (RFC 6749 §3.1.2).`);
  if (!/^https?:$/.test(url.protocol)) throw new ClientRegistrationError(`Redirect URI ${uri} must use http or https.`);
  if (mode === "production" && url.protocol === "http:" && !isLoopbackHost(url.hostname))
    throw new ClientRegistrationError(
      `Redirect URI ${uri} must use https in production mode (plain http only to this machine: 127.0.0.1, [::1] or localhost).`,
    );
}

/** Registers an application; the secret is returned once and stored only as a hash. */
export async function createClient(
  q: Queryable,
  input: { name: string; redirectUris: string[]; scopes?: Scope[] },
  options: RegistrationOptions = {},
): Promise<{ client_id: string; client_secret: string }> {
  if (!input.name.trim()) throw new ClientRegistrationError("The application needs a name.");
  if (!input.redirectUris.length) throw new ClientRegistrationError("The application needs at least one redirect URI.");
  for (const uri of input.redirectUris) checkRedirectUri(uri, options);
  const scopes = input.scopes?.length ? input.scopes : [...SCOPES];
  const clientId = randomToken("app_", 12);
  const secret = randomToken("sec_", 32);
  await q.insert(oauthClients).values({
    clientId,
    name: input.name.trim(),
    secretHash: sha256(secret),
    redirectUris: input.redirectUris,
    scopes,
  });
  return { client_id: clientId, client_secret: secret };
}

export async function findClient(q: Queryable, clientId: unknown): Promise<OAuthClient | undefined> {
  if (typeof clientId !== "string" || !clientId || clientId.length > 200 || clientId.includes("\0")) return undefined;
  const [client] = await q.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return client;
}

/**
 * Authenticates the client at the token and revocation endpoints: HTTP Basic
 * (RFC 6749 §2.3.1) or client_id + client_secret in the form body, not both.
 */
export async function authenticateClient(
  q: Queryable,
  request: FastifyRequest,
  body: Record<string, unknown>,
): Promise<OAuthClient> {
  let clientId: unknown = body.client_id;
  let secret: unknown = body.client_secret;
  const header = request.headers.authorization;
  if (header && /^basic\s+/i.test(header)) {
    if (secret !== undefined)
      throw new InvalidRequest("Authenticate the client one way: HTTP Basic or client_secret, not both.");
    const decoded = Buffer.from(header.replace(/^basic\s+/i, ""), "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) throw new InvalidClient();
    try {
      clientId = decodeURIComponent(decoded.slice(0, colon));
      secret = decodeURIComponent(decoded.slice(colon + 1));
    } catch {
      throw new InvalidClient();
    }
  }
  if (typeof clientId !== "string" || !clientId) throw new InvalidClient("client_id is required.");
  if (typeof secret !== "string" || !secret) throw new InvalidClient("client_secret is required.");
  const client = await findClient(q, clientId);
  if (!client || !safeEqual(client.secretHash, sha256(secret))) throw new InvalidClient();
  return client;
}

/** Registers more redirect URIs for an application (the dashboard moved to another port). */
export async function addRedirectUris(
  q: Queryable,
  client: OAuthClient,
  uris: string[],
  options: RegistrationOptions = {},
): Promise<void> {
  const missing = uris.filter((u) => !client.redirectUris.includes(u));
  if (!missing.length) return;
  for (const uri of missing) checkRedirectUri(uri, options);
  await q
    .update(oauthClients)
    .set({ redirectUris: [...client.redirectUris, ...missing] })
    .where(eq(oauthClients.clientId, client.clientId));
}
