import { connect, type Socket } from "node:net";
import type { TestStore } from "./store.js";

/**
 * HTTP/1.1 over a bare socket, for what fetch will not send: a body on any
 * method, any (or no) Content-Type, a lying Content-Length, and a body that
 * never ends.
 */

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert on the shape
  json: any;
}

function parseResponse(raw: Buffer): RawResponse | null {
  const end = raw.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const length = Number(headers["content-length"] ?? 0);
  const body = raw.subarray(end + 4);
  if (body.length < length) return null;
  const text = body.subarray(0, length).toString("utf8");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: Number(statusLine!.split(" ")[1]), headers, text, json };
}

/**
 * Bytes the server side of a connection has read so far, by the client's port:
 * what the store really took in (the kernel may hold more it never read).
 */
export function serverReads(store: TestStore) {
  const sockets = new Map<number, Socket>();
  store.app.server.on("connection", (socket: Socket) => void sockets.set(socket.remotePort!, socket));
  return (port: number) => sockets.get(port)!.bytesRead;
}

export interface PourResult {
  response: RawResponse;
  /** Body bytes the client handed to its socket before the answer came (or the socket closed). */
  sent: number;
  /** Whether the server closed the connection after answering. */
  closed: boolean;
  localPort: number;
}

/**
 * Sends a request head, then `prefix`, then `filler` again and again, without
 * end (chunked) or until `cap` bytes: it stops as soon as any answer arrives or
 * the server closes. Resolves with the answer once the server closed the
 * connection, or at once if the answer keeps it open.
 */
export async function pour(
  store: TestStore,
  opts: {
    method?: string;
    path: string;
    headers: Record<string, string>;
    prefix?: string | Buffer;
    filler: Buffer;
    cap: number;
  },
): Promise<PourResult> {
  const url = new URL(store.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const chunked = !("content-length" in opts.headers);
  const head = [
    `${opts.method ?? "POST"} ${opts.path} HTTP/1.1`,
    `Host: ${url.host}`,
    ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`),
    ...(chunked ? ["Transfer-Encoding: chunked"] : []),
    "",
    "",
  ].join("\r\n");

  let received = Buffer.alloc(0);
  let answered = false;
  let closed = false;
  let wake: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    const done = () => {
      closed = true;
      wake();
      resolve();
    };
    socket.on("end", done).on("close", done);
  });
  socket.on("data", (data: Buffer) => {
    received = Buffer.concat([received, data]);
    answered = true;
    wake();
  });
  socket.on("error", () => {}); // a reset after the answer is the point, not a failure

  const frame = (data: Buffer | string) => {
    const bytes = Buffer.from(data);
    return chunked
      ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")])
      : bytes;
  };
  socket.write(head);
  let sent = 0;
  const write = async (data: Buffer | string) => {
    sent += Buffer.byteLength(data);
    if (socket.write(frame(data)) || answered || closed) return;
    // Wait for the socket to take more, or for the server to answer or hang up.
    await new Promise<void>((resolve) => {
      wake = resolve;
      socket.once("drain", resolve);
    });
    socket.removeAllListeners("drain");
  };
  if (opts.prefix) await write(opts.prefix);
  while (!answered && !closed && sent < opts.cap) await write(opts.filler);
  if (!answered && !closed && chunked) socket.write("0\r\n\r\n");

  while (!parseResponse(received) && !closed) await new Promise<void>((resolve) => (wake = resolve));
  const response = parseResponse(received);
  if (!response) throw new Error(`The connection closed without an answer (${sent} bytes sent).`);
  if (response.headers.connection === "close") await ended;
  const localPort = socket.localPort!;
  socket.destroy();
  return { response, sent, closed, localPort };
}

/**
 * One request with a complete body (any method, headers as given), answered
 * over its own connection. `chunked`: sent without a Content-Length, in two
 * chunks split where it says (a fraction of the body).
 */
export async function rawRequest(
  store: TestStore,
  opts: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body: Buffer | string;
    chunked?: { at: number };
  },
): Promise<RawResponse> {
  const body = Buffer.from(opts.body);
  if (opts.chunked && body.length > 0) {
    const at = Math.max(1, Math.min(body.length - 1, Math.floor(body.length * opts.chunked.at)));
    const { response } = await pour(store, {
      ...opts,
      prefix: body.subarray(0, at),
      filler: body.subarray(at),
      cap: body.length,
    });
    return response;
  }
  const headers = { "content-length": String(body.length), ...opts.headers };
  const { response } = await pour(store, { ...opts, headers, prefix: undefined, filler: body, cap: body.length });
  return response;
}

/** A request whose body the client sends only part of, then holds (see `holdBody`). */
export interface HeldBody {
  /** The answer, once the server sent one; null when the connection closed without one. */
  answer: Promise<RawResponse | null>;
  /** Settles once the connection is closed, by either side. */
  closed: Promise<void>;
  /** Sends more of the body (framed as a chunk when the request is chunked). */
  send(data: Buffer | string): void;
  /** Ends the connection from the client's side at once (an aborted request). */
  abort(): void;
  /** Whether any byte of an answer has arrived yet. */
  answered(): boolean;
  localPort: number;
}

/**
 * Sends a request head and `body` (maybe none), then holds the connection open
 * without sending more until told to: a client that goes idle mid-body. With no
 * Content-Length among the headers, the body is chunked.
 */
export async function holdBody(
  store: TestStore,
  opts: { method?: string; path: string; headers: Record<string, string>; body?: Buffer | string },
): Promise<HeldBody> {
  const url = new URL(store.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const chunked = !("content-length" in opts.headers);
  socket.write(
    [
      `${opts.method ?? "POST"} ${opts.path} HTTP/1.1`,
      `Host: ${url.host}`,
      ...Object.entries(opts.headers).map(([k, v]) => `${k}: ${v}`),
      ...(chunked ? ["Transfer-Encoding: chunked"] : []),
      "",
      "",
    ].join("\r\n"),
  );
  const send = (data: Buffer | string) => {
    const bytes = Buffer.from(data);
    if (!bytes.length || socket.destroyed) return;
    socket.write(
      chunked ? Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from("\r\n")]) : bytes,
    );
  };
  if (opts.body !== undefined) send(opts.body);

  let received = Buffer.alloc(0);
  socket.on("error", () => {}); // a reset once the server gave up is the point, not a failure
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const answer = new Promise<RawResponse | null>((resolve) => {
    socket.on("data", (data: Buffer) => {
      received = Buffer.concat([received, data]);
      const response = parseResponse(received);
      if (response) resolve(response);
    });
    void closed.then(() => resolve(parseResponse(received)));
  });
  return {
    answer,
    closed,
    send,
    abort: () => socket.destroy(),
    answered: () => received.length > 0,
    localPort: socket.localPort!,
  };
}
