import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { toApiError } from "../api/error-handler.js";
import { PAGE_HEADERS, sendPage } from "./html.js";
import { messagePage } from "./oauth-pages.js";
import { sameOriginForms } from "./origin.js";

/**
 * Room for a handful of short fields, and for a pasted oddity (a 100 000-character
 * email still gets the sign-in form back with its error, not a bare error page).
 */
const FORM_BODY_LIMIT_BYTES = 256 * 1024;

export interface PagesOptions {
  /** The route plugins of the pages (sign-in, consent, set-password, …). */
  routes: FastifyPluginAsync[];
}

/**
 * The store's own HTML pages: URL-encoded forms only, the session cookie,
 * strict headers on every response, and errors as a message page.
 */
export const pagesPlugin: FastifyPluginAsync<PagesOptions> = async (pages, { routes }) => {
  const { storeName } = pages.config;

  pages.removeAllContentTypeParsers();
  await pages.register(formbody, { bodyLimit: FORM_BODY_LIMIT_BYTES });
  await pages.register(cookie);

  pages.addHook("onSend", async (_request, reply) => {
    reply.headers(PAGE_HEADERS);
  });

  pages.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const mapped = toApiError(error, request);
    if (!mapped) {
      request.log.error({ err: error }, "unhandled error");
      const message = `The store hit an unexpected error (request ${request.id}). Please try again.`;
      return sendPage(reply, 500, messagePage({ storeName, title: "Something went wrong", message }));
    }
    reply.headers(mapped.headers);
    return sendPage(
      reply,
      mapped.status,
      messagePage({ storeName, title: "That did not work", message: mapped.message }),
    );
  });

  // Forms are taken only from the store's own pages (pages/origin.ts), before their body is read.
  pages.addHook("onRequest", sameOriginForms(pages.config));

  for (const plugin of routes) await pages.register(plugin);
};
