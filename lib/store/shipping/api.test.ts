import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { StoreNotFoundError, StoreValidationError } from "../errors";
import { createShippingGroup, moveShippingOption, saveShippingOption } from "./api";
import type { OptionWrite } from "./edit";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
}
type Route = (req: Seen) => { status?: number; body: unknown } | undefined;

async function store(route: Route): Promise<{ client: StoreClient; seen: Seen[] }> {
  const seen: Seen[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "GET", path: req.url ?? "/", form: new URLSearchParams(body) };
      seen.push(request);
      const answer = route(request) ?? { status: 404, body: { error: "not_found" } };
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

const option = (id: number, name: string) => ({
  id,
  name,
  currency: "USD",
  per_cart_type: "flat_fee",
  per_cart_rate_raw: 5,
  per_item_type: "flat_per_item",
  per_item_rate_raw: 1,
  destinations: [{ allowed: true, country: "US", region: null }],
});
const group = { id: 3, name: "Parcels", options: [option(7, "Standard"), option(8, "Express")] };

const write: OptionWrite = {
  name: "Economy",
  per_cart_type: "flat_fee",
  per_cart_rate_raw: 2,
  quantity_range_rates: [
    { range_max: 5, rate_raw: 3 },
    { range_max: null, rate_raw: 6 },
  ],
  destinations: [{ country: "CA", allowed: true }],
};

describe("saving one shipping option", () => {
  it("writes every option of the group, the others as the store holds them, the changed one in its place", async () => {
    const { client, seen } = await store((req) => (req.method === "GET" ? { body: group } : { body: [] }));
    await saveShippingOption(client, "3", "8", write);
    const post = seen.find((r) => r.method === "POST")!;
    expect(post.path).toBe("/api/v1/shipping_groups/3/options");
    expect(JSON.parse(post.form.get("options")!)).toEqual([
      {
        id: 7,
        name: "Standard",
        per_cart_type: "flat_fee",
        per_cart_rate_raw: 5,
        per_item_rate_raw: 1,
        destinations: [{ country: "US", allowed: true }],
      },
      { ...write, id: 8 },
    ]);
    // And reads the group again: what the POST answers is left open by the contract.
    expect(seen.map((r) => r.method)).toEqual(["GET", "POST", "GET"]);
  });

  it("adds a new option at the end", async () => {
    const { client, seen } = await store((req) => (req.method === "GET" ? { body: group } : { body: [] }));
    await saveShippingOption(client, "3", undefined, write);
    const sent = JSON.parse(seen.find((r) => r.method === "POST")!.form.get("options")!);
    expect(sent.map((o: { id?: number; name: string }) => [o.id, o.name])).toEqual([
      [7, "Standard"],
      [8, "Express"],
      [undefined, "Economy"],
    ]);
  });

  it("puts a refusal inside the written option under the editor's field", async () => {
    const { client } = await store((req) =>
      req.method === "GET"
        ? { body: group }
        : {
            status: 422,
            body: {
              error: "validation_failed",
              error_description: "options option 2: quantity_range_rates, range 2: range_max must be above",
              fields: {
                options: "option 2: quantity_range_rates, range 2: range_max must be above the previous range's (5)",
              },
            },
          },
    );
    const error = await saveShippingOption(client, "3", "8", write).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreValidationError);
    expect((error as StoreValidationError).fields).toEqual({
      "ranges.1.max": "The store did not accept this maximum.",
    });
  });

  it("leaves a refusal of another option on the whole list", async () => {
    const { client } = await store((req) =>
      req.method === "GET"
        ? { body: group }
        : {
            status: 422,
            body: { error: "validation_failed", fields: { options: "option 1: name must not be empty" } },
          },
    );
    const error = (await saveShippingOption(client, "3", "8", write).catch((e: unknown) => e)) as StoreValidationError;
    expect(Object.keys(error.fields)).toEqual(["options"]);
  });

  it("says so when the option is gone, without writing", async () => {
    const { client, seen } = await store(() => ({ body: group }));
    await expect(saveShippingOption(client, "3", "99", write)).rejects.toBeInstanceOf(StoreNotFoundError);
    expect(seen.map((r) => r.method)).toEqual(["GET"]);
  });

  it("moves an option by writing the list in its new order", async () => {
    const { client, seen } = await store((req) => (req.method === "GET" ? { body: group } : { body: [] }));
    await moveShippingOption(client, "3", "8", "up");
    const sent = JSON.parse(seen.find((r) => r.method === "POST")!.form.get("options")!);
    expect(sent.map((o: { id: number }) => o.id)).toEqual([8, 7]);
  });
});

describe("creating a group", () => {
  it("sends the name and no options, and reads a list holding the group or the group", async () => {
    const { client, seen } = await store(() => ({ status: 201, body: [{ id: 5, name: "Heavy", options: [] }] }));
    expect(await createShippingGroup(client, "Heavy")).toEqual({ id: "5", name: "Heavy", options: [] });
    expect(seen[0]!.form.get("name")).toBe("Heavy");
    expect(seen[0]!.form.get("options")).toBe("[]");
    const other = await store(() => ({ body: { id: 6, name: "Light" } }));
    expect((await createShippingGroup(other.client, "Light")).id).toBe("6");
  });
});
