import "server-only";
import type { NextRequest } from "next/server";
import { failureResponse, signedOutFailure } from "./failure";
import { getStoreClient } from "./session";
import type { StoreClient } from "./store/client";
import { failureFrom } from "./store/errors";

type Params = Record<string, string | string[]>;

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
    const store = await getStoreClient();
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
