import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { fulfilOrder, getOrder } from "./api";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

const order = { order_number: 1001, payment_state: "paid", fulfilled: false, line_items: [], shipments: [] };

/** A store answering GET and PUT /orders/1001, with `header` as its X-Order-Fulfilment (none when null). */
async function store(header: string | null) {
  const bodies: string[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "PUT") bodies.push(Buffer.concat(chunks).toString("utf8"));
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (header !== null) headers["x-order-fulfilment"] = header;
      res.writeHead(200, headers);
      res.end(JSON.stringify(req.method === "PUT" ? [{ ...order, fulfilled: true }] : order));
    });
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), bodies };
}

describe("an order's fulfilment offer", () => {
  it("comes with the order from a store that says X-Order-Fulfilment", async () => {
    const { client } = await store("shipment, notify");
    const read = await getOrder(client, 1001);
    expect(read.number).toBe(1001);
    expect(read.fulfilment).toEqual({ shipment: true, notify: true });
  });

  it("is nothing from a store without the header", async () => {
    const { client } = await store(null);
    expect((await getOrder(client, 1001)).fulfilment).toEqual({ shipment: false, notify: false });
  });
});

describe("fulfilOrder", () => {
  it("sends fulfilled=true alone without a shipment, and the entered fields with one", async () => {
    const { client, bodies } = await store(null);
    expect((await fulfilOrder(client, 1001)).fulfilled).toBe(true);
    await fulfilOrder(client, 1001, { carrier: "UPS", service: "", tracking_number: " 1Z9 ", notify: false });
    expect(bodies.map((b) => Object.fromEntries(new URLSearchParams(b)))).toEqual([
      { fulfilled: "true" },
      { fulfilled: "true", carrier: "UPS", tracking_number: "1Z9", notify: "false" },
    ]);
  });
});
