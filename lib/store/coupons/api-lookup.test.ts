import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { findCouponByCode } from "./api-lookup";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

/** A store answering GET /api/v1/coupons with `coupons` as its text, and 403 to a token it refuses. */
async function store(body: string, status = 200): Promise<{ client: StoreClient; seen: string[] }> {
  const seen: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(status, { "content-type": "application/json" });
    res.end(body);
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

const coupon = (id: number, codes: unknown[], extra: object = {}) => ({
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

describe("findCouponByCode (the coupon of a code: docs/contract.md#coupons)", () => {
  it("finds the coupon holding the code, matched without case, with the code as the store holds it", async () => {
    const body = JSON.stringify([
      coupon(1, [{ code: "SPRING", type: "multi_use", active: true }]),
      coupon(2, [
        { code: "K7QX-M2PD-9WTR", type: "one_use", active: true },
        { code: "AB23-CD45-EF67", type: "one_use", active: false },
      ]),
    ]);
    const { client, seen } = await store(body);
    const found = await findCouponByCode(client, "ab23-cd45-ef67");
    expect(seen).toEqual(["GET /api/v1/coupons"]);
    expect(found).toMatchObject({
      found: true,
      coupon: { id: "2", name: "Coupon 2", percentage: 10, codes: { total: 2, active: 1, oneUse: 2 } },
      code: { code: "AB23-CD45-EF67", type: "one_use", active: false },
    });
  });

  it("finds none when no coupon has it", async () => {
    const { client } = await store(JSON.stringify([coupon(1, ["SPRING"])]));
    expect(await findCouponByCode(client, "SPRING2")).toEqual({ found: false });
    expect(await findCouponByCode(client, "spring")).toMatchObject({ found: true, code: { code: "SPRING" } });
  });

  it("passes the store's refusal on", async () => {
    const { client } = await store(JSON.stringify({ error: "insufficient_permissions" }), 403);
    await expect(findCouponByCode(client, "SPRING")).rejects.toMatchObject({ status: 403 });
  });
});
