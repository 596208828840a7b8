import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { SCOPE_DESCRIPTIONS } from "../auth/permissions.js";
import { overrideJsonSchema } from "./json-schema.js";

declare module "fastify" {
  interface FastifySchema {
    /** Marks what this store adds beyond the contract (docs/contract.md#extensions). */
    "x-store-extension"?: boolean;
  }
}

const DESCRIPTION = `The Store Management API of this store, generated from the schemas its routes validate with.

Request bodies are form fields, URL-encoded or multipart (JSON is tolerated). A field that holds a list or a dictionary is a string of JSON, e.g. \`permissions=["manage_orders"]\`.

Errors are JSON: \`{"error", "error_description", "fields"?}\`; the OAuth endpoints answer RFC 6749 errors.

Extension: what this store adds beyond the contract is marked \`x-store-extension: true\` and starts its description with "Extension:". This reference (/docs) is one of them.`;

const TAGS = [
  { name: "Users", description: "Store users and their permissions." },
  { name: "OAuth", description: "Authorization (OAuth 2.0): the browser flow, the token endpoint, revocation." },
  { name: "Account", description: "The page an invited user sets a password on." },
  { name: "Store", description: "This server." },
  { name: "Development", description: "Extension: development mode only.", "x-store-extension": true },
];

/** The reference itself, which the UI plugin serves without documenting. */
const REFERENCE_PATHS = {
  "/docs": {
    get: {
      tags: ["Store"],
      summary: "This reference, as a page",
      description: "Extension: beyond the contract.",
      "x-store-extension": true,
      responses: { 200: { description: "The reference.", content: { "text/html": { schema: { type: "string" } } } } },
    },
  },
  "/docs/json": {
    get: {
      tags: ["Store"],
      summary: "This reference, as OpenAPI 3.1 JSON",
      description: "Extension: beyond the contract.",
      "x-store-extension": true,
      responses: {
        200: { description: "The OpenAPI document.", content: { "application/json": { schema: { type: "object" } } } },
      },
    },
  },
};

/**
 * swagger-ui runs scripts and styles from its own files only; the strict CSP of
 * the HTML pages would stop it. Its logo is a data: URL.
 */
const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; " +
  "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * The OpenAPI 3.1 reference, generated from every route's zod schemas: JSON at
 * /docs/json, a readable page at /docs (served from the npm package: it works
 * offline). Register before the routes, so it sees them all.
 */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: `${app.config.storeName}: Store Management API`, version: "v1", description: DESCRIPTION },
      tags: TAGS,
      components: {
        securitySchemes: {
          bearerHeader: {
            type: "http",
            scheme: "bearer",
            description: "Authorization: Bearer <access token> (recommended).",
          },
          bearerQuery: {
            type: "apiKey",
            in: "query",
            name: "bearer_token",
            description: "The access token as a query parameter.",
          },
          oauth2: {
            type: "oauth2",
            flows: {
              authorizationCode: {
                authorizationUrl: "/oauth2/authorize",
                tokenUrl: "/oauth2/access_token",
                refreshUrl: "/oauth2/access_token",
                scopes: { ...SCOPE_DESCRIPTIONS },
              },
            },
          },
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [], zodToJsonConfig: { override: overrideJsonSchema } }),
    transformObject: (document) =>
      "openapiObject" in document
        ? { ...document.openapiObject, paths: { ...document.openapiObject.paths, ...REFERENCE_PATHS } }
        : document.swaggerObject,
  });
  registerDocsPage(app);
}

/** What the page's own answers say that the store's answer repeats (the rest, length and framing, is the store's). */
const PAGE_HEADERS = [
  "content-type",
  "content-security-policy",
  "cache-control",
  "etag",
  "last-modified",
  "location",
  "vary",
  "accept-ranges",
  "content-range",
];
/** What a browser asks that the page's answers depend on (conditional and partial requests). */
const ASKED_HEADERS = ["accept", "accept-encoding", "if-none-match", "if-modified-since", "range", "host"];

/**
 * The readable page at /docs and its files (@fastify/swagger-ui) are loaded at the first request for them,
 * not at the start: the package, its static file server and YAML writer took a tenth of a second of every
 * start of the store, for a page few people open (docs/architecture.md#the-starts-timeline). It runs in a
 * small Fastify instance of its own, which reads the reference from the store's (`app.swagger()`), and
 * every request under /docs is passed to it, its answer sent back as it is.
 */
function registerDocsPage(app: FastifyInstance): void {
  let page: Promise<FastifyInstance> | null = null;
  const loadPage = () =>
    (page ??= (async () => {
      const { default: swaggerUi } = await import("@fastify/swagger-ui");
      const inner = Fastify({ logger: false });
      // The page's plugin asks for @fastify/swagger by name: here it is the store's own reference.
      const reference = (options?: { yaml?: boolean }) => app.swagger(options as { yaml: true });
      await inner.register(
        fastifyPlugin(async (scope) => void scope.decorate("swagger", reference as FastifyInstance["swagger"]), {
          name: "@fastify/swagger",
        }),
      );
      await inner.register(swaggerUi, {
        routePrefix: "/docs",
        staticCSP: DOCS_CSP,
        theme: { title: `${app.config.storeName}: Store API reference` },
        uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0 },
      });
      await inner.ready();
      return inner;
    })().catch((err: unknown) => {
      // A page that could not load is tried again at the next request.
      page = null;
      throw err;
    }));
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const inner = await loadPage();
    const headers: Record<string, string> = {};
    for (const name of ASKED_HEADERS) {
      const value = request.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    const answer = await inner.inject({ method: request.method as "GET" | "HEAD", url: request.url, headers });
    reply.code(answer.statusCode);
    for (const name of PAGE_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.send(answer.rawPayload);
  };
  for (const url of ["/docs", "/docs/*"])
    app.route({ method: ["GET", "HEAD"], url, schema: { hide: true }, handler: forward });
}
