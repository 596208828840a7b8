import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClient, addUser, api, expectError, seedToken, startStore, type TestStore } from "../../../helpers/index.js";

/**
 * GET /coupons?code= (an extension, docs/contract.md#extensions): only the
 * coupons holding the code, each with that code only, in one short read; the
 * header X-Coupon-Code-Filter says the filter was applied (a store without the
 * extension ignores the parameter and lists everything, without it).
 */

let store: TestStore;
let token: string;
const terms = { start_date: "0", end_date: "4000000000" };

beforeAll(async () => {
  store = await startStore();
  const client = await addClient(store);
  const user = await addUser(store, { email: "marketing@example.com", permissions: ["manage_marketing"] });
  token = (await seedToken(store, client, user)).access_token;
});
afterAll(async () => {
  await store?.close();
});

interface Listed {
  id: number;
  name: string;
  codes: { code: string; type: string; active: boolean }[];
}

describe("GET /coupons?code=", () => {
  it("answers the coupon holding the code (without case), with that code only, and says the filter was applied", async () => {
    const summer = await api(store, token, "POST", "/coupons", {
      ...terms,
      name: "Summer",
      type: "percentage_off",
      percentage: "15",
      limit: "0",
      code: "Summer-15",
    });
    expect(summer.status, summer.text).toBe(201);
    const many = await api(store, token, "POST", "/coupons", {
      ...terms,
      name: "Many",
      type: "free_shipping",
      limit: "50",
    });
    expect(many.status, many.text).toBe(201);
    const generated = (many.json as Listed).codes[17]!;

    const bySummer = await api(store, token, "GET", "/coupons?code=%20summer-15%20");
    expect(bySummer.status).toBe(200);
    expect(bySummer.res.headers.get("x-coupon-code-filter")).toBe("applied");
    expect(bySummer.json).toEqual([{ ...summer.json, codes: summer.json.codes }]);

    const byGenerated = await api(store, token, "GET", `/coupons?code=${generated.code.toLowerCase()}`);
    expect(byGenerated.status).toBe(200);
    const [found, ...others] = byGenerated.json as Listed[];
    expect(others).toEqual([]);
    expect(found).toMatchObject({ id: many.json.id, name: "Many" });
    // One code, not the coupon's fifty: the answer is small whatever the coupon holds.
    expect(found!.codes).toEqual([generated]);

    const none = await api(store, token, "GET", "/coupons?code=NOPE");
    expect(none.status).toBe(200);
    expect(none.res.headers.get("x-coupon-code-filter")).toBe("applied");
    expect(none.json).toEqual([]);

    // Without it, the whole list, without the header.
    const all = await api(store, token, "GET", "/coupons");
    expect(all.status).toBe(200);
    expect(all.res.headers.get("x-coupon-code-filter")).toBeNull();
    expect((all.json as Listed[]).map((c) => c.codes.length)).toEqual([1, 50]);
  });

  it("a code no coupon could hold (empty, over 64 characters) is a 422 naming code", async () => {
    for (const bad of ["", "%20%20", "x".repeat(65)]) {
      expectError(await api(store, token, "GET", `/coupons?code=${bad}`), 422, ["code"]);
    }
  });

  it("is marked as an extension in the reference", async () => {
    const doc = (await (await fetch(`${store.url}/docs/json`)).json()) as {
      paths: Record<string, { get?: { parameters?: { name: string; in: string; schema?: object }[] } }>;
    };
    const code = doc.paths["/api/v1/coupons"]?.get?.parameters?.find((p) => p.name === "code" && p.in === "query");
    expect(code).toBeDefined();
    expect(JSON.stringify(code)).toMatch(/"x-store-extension":true/);
    expect(JSON.stringify(code)).toMatch(/Extension:/);
  });
});
