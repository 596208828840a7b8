import type http from "node:http";
import { once } from "node:events";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { StoreApiError } from "../errors";
import { findCouponByCode, forgetCouponCodes, type PlainLookupLimits } from "./api-lookup";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

/**
 * The look-up by code (the command palette, the new order's totals preview):
 * through the store's extension when it has one (`GET /coupons?code=`, which
 * says it applied the filter), else a bounded read of the whole list,
 * remembered for a short while; and stopped when the request it answers goes
 * away. Real HTTP: what a stopped read looks like is the socket's.
 */

const code = (value: string, active = true) => ({
  code: value,
  type: "one_use",
  active,
  created: 1,
  modified: 1,
});
const coupon = (id: number, codes: ReturnType<typeof code>[]) => ({
  id,
  name: `Coupon ${id}`,
  type: "free_shipping",
  codes,
  start_date: 100,
  end_date: 4_000_000_000,
  limit: 0,
  hits: 0,
  redeemed: 0,
  free_ship: false,
  percentage: null,
  percentage_raw: null,
  flat_rate: null,
  flat_rate_raw: null,
  threshold: null,
  threshold_raw: null,
  currency: "EUR",
  created: 1,
  modified: 1,
});

/** `coupons` coupons of `perCoupon` codes each: C<coupon>-<n>. */
function list(coupons: number, perCoupon: number) {
  return Array.from({ length: coupons }, (_, c) =>
    coupon(
      c + 1,
      Array.from({ length: perCoupon }, (_, n) => code(`C${c + 1}-${n}`)),
    ),
  );
}

interface Served {
  url: string;
  /** Requests seen, and whether each was answered to the end or cut off by the client. */
  seen: { path: string; ended: Promise<"finished" | "closed"> }[];
}

/**
 * A store's coupons: with the extension (`filter`), `?code=` is honoured and
 * said so; without it, the parameter is ignored and the list written whole,
 * in pieces (as the bundled store streams it), waiting for the socket.
 */
async function store(coupons: ReturnType<typeof list>, filter: boolean, { end = true } = {}): Promise<Served> {
  const seen: Served["seen"] = [];
  const url = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const at = new URL(req.url ?? "/", "http://x");
    const ended = new Promise<"finished" | "closed">((resolve) => {
      res.on("finish", () => resolve("finished"));
      res.on("close", () => resolve(res.writableFinished ? "finished" : "closed"));
    });
    seen.push({ path: `${at.pathname}${at.search}`, ended });
    const wanted = at.searchParams.get("code");
    if (filter && wanted !== null) {
      const found = coupons
        .map((c) => ({ ...c, codes: c.codes.filter((k) => k.code.toUpperCase() === wanted.toUpperCase()) }))
        .filter((c) => c.codes.length);
      res.writeHead(200, { "content-type": "application/json", "x-coupon-code-filter": "applied" });
      return res.end(JSON.stringify(found));
    }
    res.writeHead(200, { "content-type": "application/json" });
    void (async () => {
      // Without its end (`end` false): only a reader that stops on its own lets the answer close.
      const pieces = ["[", ...coupons.map((c, i) => (i ? "," : "") + JSON.stringify(c)), ...(end ? ["]"] : [])];
      for (const piece of pieces) {
        if (res.destroyed) return;
        if (!res.write(piece)) await Promise.race([once(res, "drain"), once(res, "close")]);
      }
      if (end) res.end();
    })();
  });
  return { url, seen };
}

const client = (url: string, signal?: AbortSignal) =>
  new StoreClient({ baseUrl: url, accessToken: "tok", ...(signal ? { signal } : {}) });

/** A store answering GET /api/v1/coupons with `coupons` as its text, and 403 to a token it refuses. */
async function storeOf(body: string, status = 200): Promise<{ client: StoreClient; seen: string[] }> {
  const seen: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body);
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

const plainCoupon = (id: number, codes: unknown[], extra: object = {}) => ({
  id,
  name: `Coupon ${id}`,
  type: "percentage_off",
  percentage: "10%",
  percentage_raw: 10,
  codes,
  start_date: 100,
  end_date: 200,
  limit: 0,
  hits: 0,
  redeemed: 0,
  ...extra,
});

beforeEach(() => forgetCouponCodes());

describe("findCouponByCode (the coupon of a code: docs/contract.md#coupons)", () => {
  it("finds the coupon holding the code, matched without case, with the code as the store holds it", async () => {
    const body = JSON.stringify([
      plainCoupon(1, [{ code: "SPRING", type: "multi_use", active: true }]),
      plainCoupon(2, [
        { code: "K7QX-M2PD-9WTR", type: "one_use", active: true },
        { code: "AB23-CD45-EF67", type: "one_use", active: false },
      ]),
    ]);
    const { client, seen } = await storeOf(body);
    const found = await findCouponByCode(client, "ab23-cd45-ef67");
    expect(seen).toEqual(["GET /api/v1/coupons?code=ab23-cd45-ef67"]);
    expect(found).toMatchObject({
      found: true,
      coupon: { id: "2", name: "Coupon 2", percentage: 10, codes: { total: 2, active: 1, oneUse: 2 } },
      code: { code: "AB23-CD45-EF67", type: "one_use", active: false },
    });
  });

  it("finds none when no coupon has it", async () => {
    const { client } = await storeOf(JSON.stringify([plainCoupon(1, ["SPRING"])]));
    expect(await findCouponByCode(client, "SPRING2")).toEqual({ found: false });
    expect(await findCouponByCode(client, "spring")).toMatchObject({ found: true, code: { code: "SPRING" } });
  });

  it("passes the store's refusal on", async () => {
    const { client } = await storeOf(JSON.stringify({ error: "insufficient_permissions" }), 403);
    await expect(findCouponByCode(client, "SPRING")).rejects.toMatchObject({ status: 403 });
  });
});

describe("findCouponByCode: the extension, a plain store's bounds, the request's end", () => {
  it("asks a store with the extension for the code only: one small read", async () => {
    const served = await store(list(20, 500), true);
    const found = await findCouponByCode(client(served.url), " c7-42 ");
    expect(found).toMatchObject({ found: true, coupon: { id: "7", name: "Coupon 7" }, code: { code: "C7-42" } });
    expect(await findCouponByCode(client(served.url), "NOPE")).toEqual({ found: false });
    expect(served.seen.map((s) => s.path)).toEqual(["/api/v1/coupons?code=c7-42", "/api/v1/coupons?code=NOPE"]);
    // Answers of a coupon each, or none, read whole: nothing cut off.
    expect(await Promise.all(served.seen.map((s) => s.ended))).toEqual(["finished", "finished"]);
  });

  it("reads a plain store's list once, and answers the next look-ups from what it read", async () => {
    const served = await store(list(5, 200), false);
    const store1 = client(served.url);
    expect(await findCouponByCode(store1, "c3-199")).toMatchObject({
      found: true,
      coupon: { id: "3" },
      code: { code: "C3-199", active: true },
    });
    // Typed on: other codes, and one no coupon has, without another read of the list.
    expect(await findCouponByCode(store1, "C5-0")).toMatchObject({ found: true, coupon: { id: "5" } });
    expect(await findCouponByCode(store1, "C5-1000")).toEqual({ found: false });
    expect(served.seen).toHaveLength(1);
    // Another token is another user's list.
    const other = new StoreClient({ baseUrl: served.url, accessToken: "other" });
    expect(await findCouponByCode(other, "C1-1")).toMatchObject({ found: true });
    expect(served.seen).toHaveLength(2);
  });

  it("a plain store's long list: stops reading at the match, and never says 'none' past its bounds", async () => {
    // 30 coupons of 1,000 codes (some 2.5 MB): longer than the index is kept for, and than the bound.
    // The list never ends: a look-up that read on to its end would wait for ever.
    const served = await store(list(30, 1_000), false, { end: false });
    const limits: PlainLookupLimits = { maxChars: 1_000_000, timeoutMs: 10_000, indexCodes: 1_000, rememberMs: 30_000 };
    expect(await findCouponByCode(client(served.url), "C2-5", limits)).toMatchObject({
      found: true,
      coupon: { id: "2" },
    });
    // The rest of the list was not downloaded.
    expect(await served.seen[0]!.ended).toBe("closed");

    // A code past the bounds: an error, not a false "no coupon has it".
    const failed = await findCouponByCode(client(served.url), "C30-1", limits).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(StoreApiError);
    expect(failed).toMatchObject({ code: "coupon_list_too_long" });
    expect(await served.seen[1]!.ended).toBe("closed");
  });

  it("stops the store's read when the request it answers goes away", async () => {
    let answered!: () => void;
    const started = new Promise<void>((resolve) => (answered = resolve));
    let closed!: Promise<unknown>;
    const url = await serve((_req, res) => {
      closed = once(res, "close");
      // The head and the list's start, then nothing more: a store still reading.
      res.writeHead(200, { "content-type": "application/json" });
      res.write(`[${JSON.stringify(coupon(1, [code("A")]))}`);
      answered();
    });
    const browser = new AbortController();
    const lookup = findCouponByCode(client(url, browser.signal), "B");
    await started;
    browser.abort();
    await expect(lookup).rejects.toBeInstanceOf(StoreApiError);
    // The connection to the store was closed: it reads no further for nobody.
    await closed;
  });
});
