import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import {
  StoreConflictError,
  StoreNotFoundError,
  StoreResponseError,
  StoreUnreachableError,
  failureFrom,
} from "../errors";
import {
  couponCodeRows,
  createCoupon,
  deleteCoupon,
  getCoupon,
  getCouponWithCodes,
  listCoupons,
  storeCurrency,
  updateCoupon,
} from "./api";
import { FewCodes, codeRow } from "./model";
import { storeCouponSchema, toCoupon, toCouponWithCodes } from "./schema";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

interface Seen {
  line: string;
  body: string;
}

type Route = (method: string, url: URL) => { status?: number; body: unknown; contentType?: string } | undefined;

async function store(route: Route): Promise<{ client: StoreClient; seen: Seen[] }> {
  const seen: Seen[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push({ line: `${req.method} ${url.pathname}${url.search}`, body: Buffer.concat(chunks).toString() });
      const answer = route(req.method ?? "GET", url) ?? { status: 404, body: { error: "not_found" } };
      res.writeHead(answer.status ?? 200, { "content-type": answer.contentType ?? "application/json" });
      res.end(typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body));
    });
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

const coupon = (extra: object = {}) => ({
  id: 3,
  name: "Spring",
  type: "flat_discount",
  codes: [{ code: "SPRING", type: "multi_use", active: true, created: 1, modified: 1 }],
  start_date: 100,
  end_date: 200,
  limit: 0,
  hits: 0,
  redeemed: 0,
  flat_rate: "€5.00",
  flat_rate_raw: 5,
  currency: "EUR",
  ...extra,
});

describe("coupons through the store", () => {
  it("lists coupons with their codes summed up, and reads one with its codes", async () => {
    const { client, seen } = await store((_m, url) =>
      url.pathname === "/api/v1/coupons" ? { body: [coupon()] } : { body: coupon() },
    );
    const [listed] = await listCoupons(client);
    expect(listed).toMatchObject({ id: "3", flatRate: 500, currency: "EUR", codes: { single: "SPRING" } });
    expect(listed).not.toHaveProperty("codeList");
    const one = await getCouponWithCodes(client, "3", { upTo: 1000 });
    expect(one.codeList).toEqual([{ code: "SPRING", type: "multi_use", active: true, created: 1 }]);
    const plain = await getCoupon(client, "3");
    expect(plain).toMatchObject({ id: "3", codes: { single: "SPRING" } });
    expect(plain).not.toHaveProperty("codeList");
    expect(seen.map((s) => s.line)).toEqual(["GET /api/v1/coupons", "GET /api/v1/coupons/3", "GET /api/v1/coupons/3"]);
  });

  it("creates with form fields, and reads the answer as an object (201) or a list holding it (200)", async () => {
    let answer: unknown = coupon();
    const { client, seen } = await store(() => ({ status: 201, body: answer }));
    const write = {
      name: "Spring",
      type: "flat_discount" as const,
      start_date: 100,
      end_date: 200,
      limit: 0,
      code: "SPRING",
      free_ship: true,
      flat_rate: "5.00",
      threshold: "0.00",
    };
    expect((await createCoupon(client, write)).id).toBe("3");
    expect(seen[0]!.line).toBe("POST /api/v1/coupons");
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      name: "Spring",
      type: "flat_discount",
      start_date: "100",
      end_date: "200",
      limit: "0",
      code: "SPRING",
      free_ship: "true",
      flat_rate: "5.00",
      threshold: "0.00",
    });
    answer = [coupon({ id: 4 })];
    expect((await createCoupon(client, write)).id).toBe("4");
  });

  it("updates only what is sent, and reads a PUT's answer as the coupon or a list holding it", async () => {
    let answer: unknown = coupon({ name: "Later" });
    const { client, seen } = await store(() => ({ body: answer }));
    expect((await updateCoupon(client, "3", { name: "Later" })).name).toBe("Later");
    expect(seen[0]).toEqual({ line: "PUT /api/v1/coupons/3", body: "name=Later" });
    answer = [coupon({ name: "Listed", percentage: "15%", type: "percentage_off" })];
    expect(await updateCoupon(client, "3", { type: "percentage_off", percentage: 15 })).toMatchObject({
      name: "Listed",
      percentage: 15,
    });
    expect(seen[1]!.body).toBe("type=percentage_off&percentage=15");
  });

  it("deletes whatever the store answers (true, or nothing)", async () => {
    const { client } = await store((method) => (method === "DELETE" ? { status: 204, body: "" } : undefined));
    await expect(deleteCoupon(client, "3")).resolves.toBeUndefined();
  });

  it("turns a taken code (409) into a sentence under the code field, even from a plain-text body", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const body of [
      { error: "conflict", error_description: "taken", fields: { code: "is already taken" } },
      "Error: The code SPRING is already taken.",
    ]) {
      const { client } = await store(() => ({
        status: 409,
        body,
        contentType: typeof body === "string" ? "text/plain" : undefined,
      }));
      const error = await createCoupon(client, {
        name: "x",
        type: "free_shipping",
        start_date: 1,
        end_date: 2,
        limit: 0,
        code: "SPRING",
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreConflictError);
      const failure = failureFrom(error, { where: "test", conflictField: "code" });
      expect(failure.status).toBe(409);
      expect(failure.fieldErrors?.code).toMatch(/already taken/);
    }
  });

  it("finds the store currency on a coupon, else on the first product, else says nothing", async () => {
    const withCoupon = await store(() => ({ body: [coupon({ currency: "GBP" })] }));
    expect(await storeCurrency(withCoupon.client)).toBe("GBP");
    const fromProduct = await store((_m, url) =>
      url.pathname === "/api/v1/coupons" ? { body: [] } : { body: [{ key: "p", name: "P", currency: "JPY" }] },
    );
    expect(await storeCurrency(fromProduct.client)).toBe("JPY");
    expect(fromProduct.seen.map((s) => s.line)).toEqual(["GET /api/v1/coupons", "GET /api/v1/products?page=0&count=1"]);
    const nothing = await store(() => ({ body: [] }));
    expect(await storeCurrency(nothing.client)).toBeNull();
  });
});

/** A store answering `body`'s bytes a few at a time (so that chunks split strings, escapes and characters). */
async function trickling(body: string, { piece = 7 } = {}) {
  return (await tricklingMany([body], { piece }))[0]!;
}

/** One store trickling each of `bodies`: a client for each (the nth answers under `/<n>/…`). */
async function tricklingMany(bodies: string[], { piece = 7 } = {}) {
  const baseUrl = await serve((req, res) => {
    req.resume();
    const bytes = Buffer.from(bodies[Number(req.url?.split("/")[1])] ?? "", "utf8");
    res.writeHead(200, { "content-type": "application/json" });
    let at = 0;
    const next = () => {
      if (at >= bytes.length) return void res.end();
      res.write(bytes.subarray(at, (at += piece)));
      setImmediate(next);
    };
    next();
  });
  return bodies.map((_, n) => new StoreClient({ baseUrl: `${baseUrl}/${n}`, accessToken: "tok" }));
}

/** Coupons as stores send them: the contract's fields, unknown ones, codes as strings or missing or in another shape. */
const storeList = [
  coupon({ id: 1, name: 'Brackets "]}[{" and \\ ✓ é', extra: { nested: [1, { codes: [] }] } }),
  coupon({
    id: "2",
    type: "percentage_off",
    percentage: "12.5%",
    codes: [
      { code: "ONE-1", type: "one_use", active: true, created: 1 },
      { code: "ONE-2", type: "one_use", active: false, created: "2025-03-01T00:00:00Z" },
      "BARE",
      { code: "" },
      { code: 42, active: "0" },
      null,
    ],
  }),
  coupon({ id: 3, type: "free_shipping", codes: "not a list", free_ship: "true" }),
  { id: 4, name: "Sparse" },
  coupon({
    id: 5,
    codes: Array.from({ length: 3000 }, (_, i) => ({ code: `G-${i}`, type: "one_use", active: i % 4 > 0 })),
  }),
];

// The answers trickle 7 bytes a turn of the event loop (every split a parser can meet): under a second
// on a quiet machine, over 13 s on a loaded one, past the unit tests' 5 s (a hang guard, not a timing check).
describe("coupon answers read as they arrive", { timeout: 60_000 }, () => {
  it("a list in small pieces reads as the whole text did: unknown fields, codes of any shape", async () => {
    const text = JSON.stringify(storeList);
    const before = z.array(storeCouponSchema.transform(toCoupon)).parse(JSON.parse(text));
    expect(await listCoupons(await trickling(text))).toEqual(before);
    expect(before[4]!.codes).toEqual({ total: 3000, active: 2250, oneUse: 3000, single: null });
    expect(before[1]!.codes).toEqual({ total: 4, active: 2, oneUse: 2, single: null });
  });

  it("one coupon keeps its codes when they are few; its codes' rows are written as they are read", async () => {
    const raw = storeList[4]!;
    const text = JSON.stringify(raw);
    const before = storeCouponSchema.transform(toCouponWithCodes).parse(JSON.parse(text));
    // 3,000 codes: kept when the page takes 3,000, not when it takes fewer; the summary is the same.
    expect(await getCouponWithCodes(await trickling(text), "5", { upTo: 3000 })).toEqual(before);
    const [many, none] = await tricklingMany([text, text], { piece: 1000 });
    expect(await getCouponWithCodes(many!, "5", { upTo: 2999 })).toEqual({ ...before, codeList: null });
    const { codeList: _all, ...summed } = before;
    expect(await getCoupon(none!, "5")).toEqual(summed);

    const pieces: string[] = [];
    for await (const piece of await couponCodeRows(await trickling(text, { piece: 1000 }), "5")) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(10);
    expect(JSON.parse(pieces.join(""))).toEqual(before.codeList.map(codeRow));

    const odd = JSON.stringify(storeList[1]);
    const rows = [];
    for await (const piece of await couponCodeRows(await trickling(odd), "2")) rows.push(piece);
    expect(JSON.parse(rows.join(""))).toEqual(
      storeCouponSchema.transform(toCouponWithCodes).parse(JSON.parse(odd)).codeList.map(codeRow),
    );
  });

  it("a coupon's page holds at most the codes it takes, however many the coupon has; the edit page none", async () => {
    const code = (i: number) => JSON.stringify({ code: `K7QX-${i}`, type: "one_use", active: i % 2 === 0, created: 1 });
    const total = 100_000;
    const add = vi.spyOn(FewCodes.prototype, "add");
    /** How many codes the readers hold at most, looked at each time the answer's next piece is asked for. */
    let most = 0;
    const look = () => {
      for (const codes of add.mock.contexts as FewCodes[]) most = Math.max(most, codes.held);
    };
    /** A store answering one coupon with `total` codes, made as they are read, 100 codes a piece. */
    const client = new StoreClient({
      baseUrl: "http://store.test",
      accessToken: "tok",
      fetch: (async () => {
        let next = 0;
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            look();
            if (next === 0)
              controller.enqueue(encoder.encode('{"id":7,"name":"Many","type":"percentage_off","codes":['));
            if (next >= total) {
              controller.enqueue(encoder.encode('],"percentage":"10%","limit":0,"hits":0,"redeemed":0}'));
              return controller.close();
            }
            const piece = Array.from({ length: 100 }, (_, i) => code(next + i)).join(",");
            controller.enqueue(encoder.encode((next ? "," : "") + piece));
            next += 100;
          },
        });
        return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
      }) as typeof fetch,
    });
    try {
      const page = await getCouponWithCodes(client, "7", { upTo: 1000 });
      look();
      expect(page.codeList).toBeNull();
      expect(page.codes).toEqual({ total, active: total / 2, oneUse: total, single: null });
      expect(add).toHaveBeenCalledTimes(total);
      expect(most).toBe(1000);

      add.mockClear();
      most = 0;
      const edit = await getCoupon(client, "7");
      expect(edit.codes.total).toBe(total);
      expect(edit).not.toHaveProperty("codeList");
      expect(add).not.toHaveBeenCalled();
    } finally {
      add.mockRestore();
    }
  });

  it("keeps codes up to its limit, then lets go of them all", () => {
    const codes = new FewCodes(2);
    const one = (code: string) => ({ code, type: "one_use", active: true, created: 1 });
    codes.add(one("A"));
    codes.add(one("B"));
    expect(codes.list).toEqual([one("A"), one("B")]);
    codes.add(one("C"));
    expect(codes.list).toBeNull();
    expect(codes.held).toBe(0);
    codes.add(one("D"));
    expect(codes.list).toBeNull();
    expect(new FewCodes(0).list).toEqual([]);
  });

  it("an answer that is not a list of coupons is the same 'could not read' error as before", async () => {
    const bodies = [
      '[{"id":1,"codes":[{"code":"A"},]}]',
      '[{"id":1,"codes":[{"code":"A"}]}',
      '{"coupons":[]}',
      '[{"name":"no id"}]',
      "<html>Maintenance</html>",
      "",
    ];
    const stores = await tricklingMany(bodies, { piece: 3 });
    for (const [n, body] of bodies.entries()) {
      const error = await listCoupons(stores[n]!).catch((e: unknown) => e);
      expect(error, body).toBeInstanceOf(StoreResponseError);
      expect((error as StoreResponseError).code).toBe("unreadable_response");
      expect((error as Error).message).toMatch(/could not read/);
    }
  });

  it("the codes' rows: a refusal before anything is written, a malformed answer as an error of the stream", async () => {
    const missing = await store(() => ({ status: 404, body: { error: "not_found" } }));
    await expect(couponCodeRows(missing.client, "9")).rejects.toBeInstanceOf(StoreNotFoundError);
    const broken = await trickling('{"id":1,"codes":[{"code":"A"},{"code":"B"},', { piece: 40 });
    const read = async () => {
      for await (const _ of await couponCodeRows(broken, "1"));
    };
    await expect(read()).rejects.toBeInstanceOf(StoreResponseError);
  });

  it("a connection that drops half-way through the list is 'not answering'", async () => {
    const baseUrl = await serve((req, res) => {
      req.resume();
      res.writeHead(200, { "content-type": "application/json" });
      res.write('[{"id":1,"codes":[{"code":"A"},');
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const error = await listCoupons(new StoreClient({ baseUrl, accessToken: "tok" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreUnreachableError);
  });
});
