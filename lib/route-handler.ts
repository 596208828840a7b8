import "server-only";
import type { NextRequest } from "next/server";
import { failureResponse, signedOutFailure } from "./failure";
import { getStoreClient } from "./session";
import type { StoreClient } from "./store/client";
import { failureFrom } from "./store/errors";

type Params = Record<string, string | string[]>;

/**
 * The session's store client, bound to the request: a browser that goes away
 * (a closed tab, a look-up typed over) aborts `request.signal`, and with it
 * every store read made for the request, a body being read included, so that
 * neither the dashboard nor the store works on for nobody.
 */
async function storeFor(request: Request): Promise<StoreClient | null> {
  return (await getStoreClient())?.withSignal(request.signal) ?? null;
}

export interface StoreReadRequest<P extends Params> {
  params: P;
  searchParams: URLSearchParams;
}

/**
 * The one shape of a GET route handler under app/api/<resource>/: the
 * client-side reads of React Query (lib/query/fetch-json.ts). Session check
 * (401 JSON when signed out), the store call through lib/store/<resource>/api.ts
 * on the server (the token never leaves it), and store errors as their status
 * with a `{error, code, fieldErrors?}` body in the same sentences as actions.
 *
 *   export const GET = storeRead((store) => listUsers(store));
 */
export function storeRead<P extends Params = Params>(
  run: (store: StoreClient, request: StoreReadRequest<P>) => Promise<unknown>,
) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const store = await storeFor(request);
    if (!store) return failureResponse(signedOutFailure);
    try {
      const data = await run(store, { params: await context.params, searchParams: request.nextUrl.searchParams });
      // One user's data: no shared cache may keep it.
      return Response.json(data, { headers: { "Cache-Control": "private, no-store" } });
    } catch (error) {
      return failureResponse(failureFrom(error, { where: `GET ${request.nextUrl.pathname}` }));
    }
  };
}

/** What a streaming GET answers: its headers, and the body as text chunks. */
export interface StoreStreamAnswer {
  headers: Record<string, string>;
  chunks: AsyncIterable<string>;
}

/**
 * storeRead's sibling for a body streamed as it is read from the store (the
 * orders' CSV export: app/api/orders/export/route.ts). The same session
 * check and failure JSON, for what fails before the first byte: `run`
 * should read the first page itself, so that a refusal or an unreachable
 * store is answered with its status and sentence. What fails later can only
 * end the stream with an error (the browser's reader sees it; the log keeps
 * the detail). Each chunk is sent as soon as it is yielded; a browser that
 * goes away cancels the reading.
 */
export function storeStream<P extends Params = Params>(
  run: (store: StoreClient, request: StoreReadRequest<P>) => Promise<StoreStreamAnswer>,
) {
  return async (request: NextRequest, context: { params: Promise<P> }): Promise<Response> => {
    const store = await storeFor(request);
    if (!store) return failureResponse(signedOutFailure);
    const where = `GET ${request.nextUrl.pathname}`;
    let answer: StoreStreamAnswer;
    try {
      answer = await run(store, { params: await context.params, searchParams: request.nextUrl.searchParams });
    } catch (error) {
      return failureResponse(failureFrom(error, { where }));
    }
    const iterator = answer.chunks[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await iterator.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          const failure = failureFrom(error, { where });
          console.error(`[stream] ${where} ended early: ${failure.status} ${failure.code}: ${failure.error}`);
          controller.error(new Error(failure.error));
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    });
    return new Response(body, {
      headers: { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", ...answer.headers },
    });
  };
}
