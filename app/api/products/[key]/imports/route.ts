import { failureResponse, signedOutFailure } from "@/lib/failure";
import { importsOf, sessionOwner } from "@/lib/image-imports";
import { getSessionToken } from "@/lib/session";

/**
 * This session's "Add images by URL" requests for the product, with the
 * store's report when it came (lib/image-imports.ts): the media section reads
 * them while the store fetches, and again after a reload.
 */
export async function GET(_request: Request, context: { params: Promise<{ key: string }> }): Promise<Response> {
  const session = await getSessionToken();
  if (!session) return failureResponse(signedOutFailure);
  const { key } = await context.params;
  return Response.json(importsOf(sessionOwner(session.accessToken), key), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
