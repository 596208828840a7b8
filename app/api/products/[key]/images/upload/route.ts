import { handleImageUpload } from "@/lib/image-upload";
import { getStoreClient } from "@/lib/session";

/**
 * One image file, streamed on to the store's single image upload with the
 * session's token (lib/image-upload.ts). The editor's media section sends
 * each file here with XMLHttpRequest, for its upload progress.
 */
export async function POST(request: Request, context: { params: Promise<{ key: string }> }): Promise<Response> {
  const { key } = await context.params;
  return handleImageUpload(request, key, await getStoreClient());
}
