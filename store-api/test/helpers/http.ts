import type { TestStore } from "./store.js";

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function postForm(
  url: string,
  form: Record<string, string> | URLSearchParams,
  headers: Record<string, string> = {},
) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
  return { res, status: res.status, json: parseJson(text) as Record<string, any>, text };
}

/** The development outbox (GET /dev/outbox), newest first. */
export async function outbox(
  store: TestStore,
): Promise<{ id: number; to: string; subject: string; text: string; html: string | null }[]> {
  const res = await fetch(`${store.url}/dev/outbox`);
  if (res.status !== 200) throw new Error(`/dev/outbox answered ${res.status}`);
  return (await res.json()) as never;
}

export interface ApiRequestOptions {
  /** Sent as a URL-encoded form; a URLSearchParams may repeat a field. */
  form?: Record<string, string> | URLSearchParams;
  /** Sent as application/json. */
  json?: unknown;
  /** A raw body (set content-type in `headers`). */
  body?: string | Buffer;
  headers?: Record<string, string>;
}

/** Calls the API with a token (Authorization: Bearer); body fields go as a URL-encoded form. */
export async function api(
  store: TestStore,
  token: string | null,
  method: string,
  path: string,
  form?: Record<string, string> | URLSearchParams,
  opts: Omit<ApiRequestOptions, "form"> = {},
) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | Buffer | undefined = opts.body;
  if (form) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(form).toString();
  } else if (opts.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.json);
  }
  Object.assign(headers, opts.headers);
  const res = await fetch(`${store.url}/api/v1${path}`, { method, headers, body });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
  return { res, status: res.status, json: parseJson(text) as any, text };
}
