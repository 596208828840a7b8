import { handleImportReport } from "@/lib/image-imports";

/**
 * POST /api/import-callback/<token>: the store's report on an "Add images by
 * URL" request (its `callback_options.url`, docs/contract.md#uploads). The
 * store has no session of ours: the token in the path, made for that one
 * request and taken once, is the credential (lib/image-imports.ts,
 * docs/architecture.md#image-imports). proxy.ts lets this path through
 * without a session.
 */
export async function POST(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await context.params;
  return handleImportReport(request, token);
}
