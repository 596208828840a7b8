import type http from "node:http";
import { describe, expect, it, vi } from "vitest";
import { localServers } from "../../testing/local-server";
import { StoreClient } from "../client";
import { StoreConflictError, StoreValidationError } from "../errors";
import { replaceTaxRules } from "./api";

vi.mock("server-only", () => ({}));

const { serve } = localServers();

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
}

async function store(route: (req: Seen) => { status?: number; body: unknown }) {
  const seen: Seen[] = [];
  const baseUrl = await serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const request = { method: req.method ?? "GET", path: req.url ?? "/", form: new URLSearchParams(body) };
      seen.push(request);
      const answer = route(request);
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer.body));
    });
  });
  return { client: new StoreClient({ baseUrl, accessToken: "tok" }), seen };
}

const group = {
  id: 4,
  name: "Standard",
  taxes: [
    { id: 10, country: "US", region: null, rate: "6%", rate_raw: 6, on_shipping: false },
    { id: 11, country: "US", region: "CA", rate: "8.25%", rate_raw: 8.25, on_shipping: true },
  ],
};
const rules = [
  { id: 10, country: "US", region: null, rate: 6.5, on_shipping: false },
  { id: 11, country: "US", region: "CA", rate: 8.25, on_shipping: true },
  { country: "US", region: "NY", rate: 4, on_shipping: false },
];

describe("saving a tax group's rules", () => {
  it("posts the whole set to /rules and reads the group again", async () => {
    const { client, seen } = await store((req) => (req.method === "GET" ? { body: group } : { body: [] }));
    const saved = await replaceTaxRules(client, "4", ["10", "11"], rules);
    expect(saved.name).toBe("Standard");
    const post = seen.find((r) => r.method === "POST")!;
    expect(post.path).toBe("/api/v1/tax_groups/4/rules");
    expect(JSON.parse(post.form.get("rules")!)).toEqual(rules);
  });

  it("refuses to delete, unseen, a rule someone added since the page was read", async () => {
    const { client, seen } = await store(() => ({ body: group }));
    await expect(replaceTaxRules(client, "4", ["10"], rules)).rejects.toBeInstanceOf(StoreConflictError);
    expect(seen.map((r) => r.method)).toEqual(["GET"]);
  });

  it("puts the store's refusal of one rule under that row", async () => {
    const { client } = await store((req) =>
      req.method === "GET"
        ? { body: group }
        : {
            status: 422,
            body: {
              error: "validation_failed",
              fields: {
                rules: "rule 1 names the id 10, which is no rule of this group (leave id out to add a new one)",
              },
            },
          },
    );
    const error = (await replaceTaxRules(client, "4", ["10", "11"], rules).catch(
      (e: unknown) => e,
    )) as StoreValidationError;
    expect(error).toBeInstanceOf(StoreValidationError);
    expect(Object.keys(error.fields)).toEqual(["rules.0.country"]);
    expect(error.fields["rules.0.country"]).toMatch(/no longer in the store/);
  });

  it("a plain-text refusal stays on the whole list, in a readable sentence", async () => {
    const { client } = await store((req) =>
      req.method === "GET" ? { body: group } : { status: 422, body: "Error: bad" },
    );
    const error = (await replaceTaxRules(client, "4", ["10", "11"], rules).catch(
      (e: unknown) => e,
    )) as StoreValidationError;
    expect(error.message).toBe("The store did not accept these values.");
  });
});
