import "server-only";
import { randomBytes } from "node:crypto";
import { type Failure, failureResponse, signedOutFailure } from "./failure";
import { nonPagePolicy } from "./security-headers";
import type { StoreClient } from "./store/client";
import { failureFrom } from "./store/errors";
import { uploadProductImage } from "./store/products/api-media";

/**
 * POST /api/products/[key]/images/upload: one image file from the browser,
 * streamed on to the store's single image upload (`image`, multipart;
 * docs/contract.md#uploads) with the session's token, which never leaves the
 * server. Server actions cannot report upload progress; a plain request can
 * (XMLHttpRequest's upload events), so the file comes here as the raw request
 * body (its type in Content-Type, its name in `?name=`) and goes out wrapped
 * in a multipart body, chunk by chunk as it arrives: never held whole.
 *
 * Not behind proxy.ts (see its matcher): Next.js would buffer the body of any
 * request the proxy sees, and cut it at 10 MB. So this handler checks what
 * the proxy and server actions otherwise check: the session, and that the
 * request comes from the dashboard's own pages (Origin).
 */
export async function handleImageUpload(
  request: Request,
  productKey: string,
  store: StoreClient | null,
): Promise<Response> {
  if (!fromOwnPages(request)) {
    return answer({
      status: 403,
      code: "cross_origin",
      error: "This upload did not come from Store Admin's own pages, so it was refused.",
    });
  }
  if (!store) return answer(signedOutFailure);
  if (!request.body || !productKey || /[/?#]/.test(productKey)) {
    return answer({ status: 400, code: "invalid_input", error: "No image was sent." });
  }

  const name = new URL(request.url).searchParams.get("name") ?? "image";
  const upload = multipartFile("image", name, mediaType(request.headers.get("content-type")), request.body);
  try {
    const image = await uploadProductImage(store, productKey, upload);
    return Response.json(image, {
      headers: { "Cache-Control": "private, no-store", "Content-Security-Policy": nonPagePolicy },
    });
  } catch (error) {
    return answer(failureFrom(error, { where: `POST /api/products/${productKey}/images/upload` }));
  }
}

function answer(failure: Failure): Response {
  const response = failureResponse(failure);
  response.headers.set("Content-Security-Policy", nonPagePolicy);
  return response;
}

/**
 * The request comes from a page of this dashboard: its Origin names the host
 * it was sent to (what Next.js checks for server actions), and the browser
 * does not call it cross-site (Fetch Metadata, when sent). A browser always
 * sends Origin with a POST from a script.
 */
export function fromOwnPages(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin") return false;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host");
  return Boolean(host) && originHost.toLowerCase() === host!.toLowerCase();
}

/** `type/subtype` of a Content-Type, or application/octet-stream when it is not one. */
export function mediaType(contentType: string | null): string {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : "application/octet-stream";
}

/** A file name safe inside a quoted header parameter: printable ASCII, no quotes or backslashes. */
export function headerSafeName(name: string): string {
  const safe = name.replace(/[^\x20-\x7e]|["\\]/g, "_").slice(-200);
  return safe.trim() || "image";
}

/**
 * A multipart/form-data body (RFC 7578) holding one file field whose
 * content is `file`, streamed: the part's head, the file's chunks as they
 * come, the closing boundary.
 */
export function multipartFile(
  field: string,
  fileName: string,
  type: string,
  file: ReadableStream<Uint8Array>,
): { stream: ReadableStream<Uint8Array>; contentType: string } {
  const boundary = `----StoreAdminUpload${randomBytes(12).toString("hex")}`;
  const encoder = new TextEncoder();
  const head = encoder.encode(
    `--${boundary}\r\n` +
      `Content-Disposition: form-data; name="${field}"; filename="${headerSafeName(fileName)}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const reader = file.getReader();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
        return;
      }
      const { done, value } = await reader.read();
      if (done) {
        controller.enqueue(tail);
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}` };
}
