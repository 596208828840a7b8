import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectError, startCatalogueStore, type TestStore } from "../../../helpers/index.js";

/** /api/v1/tax_groups, /{id}, /{id}/rules, /{id}/rules/{rule_id} (docs/contract.md#tax). */

interface Rule {
  id: number;
  country: string;
  region: string | null;
  rate: string;
  rate_raw: number;
  on_shipping: boolean;
}

describe("tax groups", () => {
  let store: TestStore;
  let admin: string;
  let storefront: string;
  let clerk: string;

  beforeAll(async () => {
    ({ store, admin, storefront, clerk } = await startCatalogueStore());
  });
  afterAll(async () => {
    await store.close();
  });

  /** Creates a group that must be accepted; the group. */
  const create = async (name: string, rules?: unknown) => {
    const form: Record<string, string> = { name };
    if (rules !== undefined) form.rules = JSON.stringify(rules);
    const res = await api(store, admin, "POST", "/tax_groups", form);
    expect(res.status, res.text).toBe(201);
    return res.json as { id: number; name: string; taxes: Rule[] };
  };
  const read = async (id: number) => {
    const res = await api(store, admin, "GET", `/tax_groups/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.json as { id: number; name: string; taxes: Rule[] };
  };
  const replace = (id: number, rules: unknown) =>
    api(store, admin, "POST", `/tax_groups/${id}/rules`, {
      rules: typeof rules === "string" ? rules : JSON.stringify(rules),
    });
  const add = (id: number, rules: unknown) =>
    api(store, admin, "POST", `/tax_groups/${id}`, {
      rules: typeof rules === "string" ? rules : JSON.stringify(rules),
    });

  describe("the group", () => {
    it("POST creates a group: 201 and the group (an object), its rules under taxes", async () => {
      const res = await api(store, admin, "POST", "/tax_groups", {
        name: "Standard",
        rules: JSON.stringify([
          { country: "US", region: "CA", rate: 7.25, on_shipping: false },
          { country: "US", rate: "5", on_shipping: true },
          { country: "DE", rate: "19%" },
        ]),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: "Standard",
        taxes: [
          { id: expect.any(Number), country: "US", region: "CA", rate: "7.25%", rate_raw: 7.25, on_shipping: false },
          { id: expect.any(Number), country: "US", region: null, rate: "5%", rate_raw: 5, on_shipping: true },
          { id: expect.any(Number), country: "DE", region: null, rate: "19%", rate_raw: 19, on_shipping: false },
        ],
      });
      expect(await read(res.json.id)).toEqual(res.json);
    });

    it("POST with a name only: a group without rules; a JSON body works too", async () => {
      expect(await create("Bare")).toEqual({ id: expect.any(Number), name: "Bare", taxes: [] });
      const res = await api(store, admin, "POST", "/tax_groups", undefined, {
        json: { name: "Json", rules: [{ country: "FR", rate: 20 }] },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json.taxes).toEqual([expect.objectContaining({ country: "FR", rate: "20%", rate_raw: 20 })]);
    });

    it("POST needs a name; rules with ids, or a bad rule, are a 422 and create nothing", async () => {
      const before = (await api(store, admin, "GET", "/tax_groups")).json;
      expectError(await api(store, admin, "POST", "/tax_groups", {}), 422, ["name"]);
      expectError(await api(store, admin, "POST", "/tax_groups", { name: "" }), 422, ["name"]);
      const other = await create("Other", [{ country: "US", rate: 1 }]);
      const withId = await api(store, admin, "POST", "/tax_groups", {
        name: "Ids",
        rules: JSON.stringify([{ id: other.taxes[0]!.id, country: "US", rate: 1 }]),
      });
      expectError(withId, 422, ["rules"]);
      expect(withId.json.fields.rules).toMatch(/^rule 1 has an id/);
      expectError(
        await api(store, admin, "POST", "/tax_groups", {
          name: "Bad",
          rules: JSON.stringify([
            { country: "US", rate: 1 },
            { country: "US", rate: 101 },
          ]),
        }),
        422,
        ["rules"],
      );
      const after = (await api(store, admin, "GET", "/tax_groups")).json;
      expect(after).toEqual([...before, other]);
    });

    it("GET lists every group by id; an unknown or malformed id is a 404", async () => {
      const a = await create("List A", [{ country: "GB", rate: 20 }]);
      const res = await api(store, admin, "GET", "/tax_groups");
      expect(res.status, res.text).toBe(200);
      expect(res.json).toContainEqual(a);
      const ids = res.json.map((g: { id: number }) => g.id);
      expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
      expectError(await api(store, admin, "GET", "/tax_groups/999999"), 404);
      expectError(await api(store, admin, "GET", "/tax_groups/0"), 404);
      expectError(await api(store, admin, "GET", "/tax_groups/abc"), 404);
      expectError(await add(999999, []), 404);
      expectError(await replace(999999, []), 404);
    });

    it("a tax group has no PUT or DELETE: 405 with Allow, and nothing changes", async () => {
      const group = await create("Fixed", [{ country: "US", rate: 3 }]);
      const put = await api(store, admin, "PUT", `/tax_groups/${group.id}`, { name: "Renamed" });
      expectError(put, 405);
      expect(put.res.headers.get("allow")).toBe("GET, POST");
      const del = await api(store, admin, "DELETE", `/tax_groups/${group.id}`);
      expectError(del, 405);
      expect(await read(group.id)).toEqual(group);
      const list = await api(store, admin, "DELETE", "/tax_groups");
      expectError(list, 405);
      expect(list.res.headers.get("allow")).toBe("GET, POST");
      const rules = await api(store, admin, "GET", `/tax_groups/${group.id}/rules`);
      expectError(rules, 405);
      expect(rules.res.headers.get("allow")).toBe("POST");
    });
  });

  describe("POST /tax_groups/{id}: adding rules", () => {
    it("adds the rules after the group's own and answers the group", async () => {
      const group = await create("Adding", [{ country: "US", region: "NY", rate: 4 }]);
      const res = await add(group.id, [
        { country: "US", region: "NJ", rate: "6.625%", on_shipping: true },
        { country: "CA", region: "Ontario", rate: 13 },
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({
        id: group.id,
        name: "Adding",
        taxes: [
          group.taxes[0],
          { id: expect.any(Number), country: "US", region: "NJ", rate: "6.625%", rate_raw: 6.625, on_shipping: true },
          { id: expect.any(Number), country: "CA", region: "Ontario", rate: "13%", rate_raw: 13, on_shipping: false },
        ],
      });
      expect(await read(group.id)).toEqual(res.json);
      // Empty adds nothing.
      const idle = await add(group.id, "");
      expect(idle.status, idle.text).toBe(200);
      expect(idle.json).toEqual(res.json);
    });

    it("renames the group with name (an extension: the group has no PUT)", async () => {
      const group = await create("Before");
      const res = await api(store, admin, "POST", `/tax_groups/${group.id}`, { name: "After" });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ ...group, name: "After" });
    });

    it("a rule for a place the group has already, an id, or one bad rule: 422 naming rules, nothing added", async () => {
      const group = await create("Places", [
        { country: "US", rate: 5 },
        { country: "US", region: "CA", rate: 7.25 },
      ]);
      for (const [rules, pattern] of [
        [
          [{ country: "us", region: "ca", rate: 1 }],
          /^rule 1 is for US\/CA, which rule \d+ of this group is for already/,
        ],
        [[{ country: "US", region: null, rate: 1 }], /^rule 1 is for US, which rule \d+ of this group is for already/],
        [
          [
            { country: "FR", rate: 1 },
            { country: "FR", rate: 2 },
          ],
          /^rule 2 is for FR, which rule 1 is for already/,
        ],
        [[{ id: group.taxes[0]!.id, country: "US", rate: 1 }], /^rule 1 has an id/],
        [
          [
            { country: "FR", rate: 1 },
            { country: "FR", region: "Paris", rate: "x" },
          ],
          /^rule 2: rate must be a percentage from 0 to 100/,
        ],
      ] as const) {
        const res = await add(group.id, rules);
        expectError(res, 422, ["rules"]);
        expect(res.json.fields.rules).toMatch(pattern);
      }
      expect(await read(group.id)).toEqual(group);
    });
  });

  describe("POST /tax_groups/{id}/rules: the replace-all", () => {
    it("replaces the set and answers every rule: ids kept, new ids, the others deleted", async () => {
      const group = await create("Replace", [
        { country: "US", rate: 5 },
        { country: "US", region: "TX", rate: 6.25 },
        { country: "MX", rate: 16 },
      ]);
      const [us, tx, mx] = group.taxes;
      const res = await replace(group.id, [
        { id: mx!.id, country: "MX", rate: "8%", on_shipping: true },
        { country: "CA", rate: 5 },
        { id: String(us!.id), country: "US", rate: 5.5 },
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual([
        { id: mx!.id, country: "MX", region: null, rate: "8%", rate_raw: 8, on_shipping: true },
        { id: expect.any(Number), country: "CA", region: null, rate: "5%", rate_raw: 5, on_shipping: false },
        { id: us!.id, country: "US", region: null, rate: "5.5%", rate_raw: 5.5, on_shipping: false },
      ]);
      expect([us!.id, tx!.id, mx!.id]).not.toContain(res.json[1].id);
      expect((await read(group.id)).taxes).toEqual(res.json);
      expectError(await api(store, admin, "GET", `/tax_groups/${group.id}/rules/${tx!.id}`), 404);
    });

    it("an empty value ('' or []) deletes every rule and answers []; rules is required", async () => {
      for (const empty of ["", "[]"]) {
        const group = await create(`Empty ${empty}`, [{ country: "US", rate: 5 }]);
        const res = await replace(group.id, empty);
        expect(res.status, res.text).toBe(200);
        expect(res.json).toEqual([]);
        expect((await read(group.id)).taxes).toEqual([]);
      }
      const group = await create("Required");
      expectError(await api(store, admin, "POST", `/tax_groups/${group.id}/rules`, {}), 422, ["rules"]);
    });

    it("a foreign or unknown id, an id twice, two rules for one place, one bad rule: 422 naming rules, nothing changes", async () => {
      const group = await create("Strict", [
        { country: "US", rate: 5 },
        { country: "CA", rate: 5 },
      ]);
      const other = await create("Strict other", [{ country: "US", rate: 9 }]);
      const [us] = group.taxes;
      for (const [rules, pattern] of [
        [
          [{ id: other.taxes[0]!.id, country: "US", rate: 1 }],
          /^rule 1 names the id \d+, which is no rule of this group/,
        ],
        [[{ id: 999999, country: "US", rate: 1 }], /^rule 1 names the id 999999/],
        [
          [
            { id: us!.id, country: "US", rate: 1 },
            { id: us!.id, country: "CA", rate: 1 },
          ],
          /^rule 2 names the id \d+, which an earlier item names too/,
        ],
        [
          [
            { id: us!.id, country: "US", region: "WA", rate: 1 },
            { country: "US", region: "wa", rate: 2 },
          ],
          /^rule 2 is for US\/WA, which rule 1 is for already/,
        ],
        [
          [
            { id: us!.id, country: "US", rate: 6 },
            { country: "GB", rate: 20, rate_raw: 20 },
          ],
          /^rule 2: rate_raw is read-only: write rate/,
        ],
      ] as const) {
        const res = await replace(group.id, rules);
        expectError(res, 422, ["rules"]);
        expect(res.json.fields.rules).toMatch(pattern);
      }
      expect(await read(group.id)).toEqual(group);
      expect(await read(other.id)).toEqual(other);
    });

    it("malformed input is a 400 naming rules, and changes nothing", async () => {
      const group = await create("Malformed", [{ country: "US", rate: 5 }]);
      for (const [value, pattern] of [
        ["{nope", /JSON/],
        [JSON.stringify({ country: "US" }), /list/],
        [JSON.stringify([42]), /^rule 1 must be a dictionary/],
        [JSON.stringify([{ country: "US", rate: true }]), /^rule 1: rate must be a percentage/],
        [JSON.stringify([{ country: 1, rate: 1 }]), /^rule 1: country must be a string/],
        [
          JSON.stringify([{ country: "US", rate: 1, on_shipping: "sometimes" }]),
          /^rule 1: on_shipping must be true or false/,
        ],
      ] as const) {
        const res = await replace(group.id, value);
        expectError(res, 400, ["rules"]);
        expect(res.json.fields.rules, value).toMatch(pattern);
      }
      expect(await read(group.id)).toEqual(group);
    });
  });

  describe("rates and places", () => {
    let group: { id: number };
    beforeAll(async () => {
      group = await create("Rates");
    });
    const one = (rule: Record<string, unknown>) => replace(group.id, [rule]);

    it('rate is written as 8.25, "8.25" or "8.25%" and read as "8.25%" and 8.25; 0 to 100', async () => {
      for (const [written, formatted, raw] of [
        [8.25, "8.25%", 8.25],
        ["8.25", "8.25%", 8.25],
        ["8.25%", "8.25%", 8.25],
        [" 8.25 % ", "8.25%", 8.25],
        [0, "0%", 0],
        ["100", "100%", 100],
        [7.000001, "7.000001%", 7.000001],
      ] as const) {
        const res = await one({ country: "US", rate: written });
        expect(res.status, res.text).toBe(200);
        expect(res.json[0]).toMatchObject({ rate: formatted, rate_raw: raw });
      }
      for (const bad of [-1, 100.01, "101%", "8,25", "abc", "", "%"]) {
        const res = await one({ country: "US", rate: bad });
        expectError(res, 422, ["rules"]);
        expect(res.json.fields.rules).toMatch(/^rule 1: rate must be a percentage from 0 to 100/);
      }
      const missing = await one({ country: "US" });
      expectError(missing, 422, ["rules"]);
      expect(missing.json.fields.rules).toBe("rule 1: rate is required");
    });

    it("country and region: ISO codes (any case), US state codes, camel-cased names elsewhere", async () => {
      const res = await replace(group.id, [
        { country: "us", region: "ny", rate: 4 },
        { country: "US", region: "DC", rate: 6 },
        { country: "AU", region: "NewSouthWales", rate: 10 },
        { country: "AU", region: "", rate: 10 },
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.json.map((r: Rule) => [r.country, r.region])).toEqual([
        ["US", "NY"],
        ["US", "DC"],
        ["AU", "NewSouthWales"],
        ["AU", null],
      ]);
      for (const [rule, message] of [
        [{ country: "XK", rate: 1 }, "rule 1: country must be a 2-letter ISO 3166-1 country code"],
        [{ rate: 1 }, "rule 1: country is required"],
        [{ country: "US", region: "Texas", rate: 1 }, "rule 1: region must be the 2-letter code of a US state"],
        [
          { country: "AU", region: "new south wales", rate: 1 },
          'rule 1: region must be a camel-cased name, such as "NewSouthWales"',
        ],
        [{ country: "AU", rate: 1, city: "Sydney" }, 'rule 1 has an unknown field "city"'],
      ] as const) {
        const bad = await one(rule);
        expectError(bad, 422, ["rules"]);
        expect(bad.json.fields.rules.startsWith(message), bad.json.fields.rules).toBe(true);
      }
    });
  });

  describe("a single rule", () => {
    it("GET answers the rule; another group's rule or an unknown one is a 404", async () => {
      const group = await create("Single", [{ country: "US", region: "OR", rate: 0 }]);
      const other = await create("Single other", [{ country: "US", rate: 1 }]);
      const rule = group.taxes[0]!;
      const res = await api(store, admin, "GET", `/tax_groups/${group.id}/rules/${rule.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual(rule);
      expectError(await api(store, admin, "GET", `/tax_groups/${group.id}/rules/${other.taxes[0]!.id}`), 404);
      expectError(await api(store, admin, "GET", `/tax_groups/${other.id}/rules/${rule.id}`), 404);
      expectError(await api(store, admin, "GET", `/tax_groups/${group.id}/rules/999999`), 404);
      expectError(await api(store, admin, "PUT", `/tax_groups/${other.id}/rules/${rule.id}`, { rate: "1" }), 404);
      expectError(await api(store, admin, "DELETE", `/tax_groups/${other.id}/rules/${rule.id}`), 404);
    });

    it("PUT changes country, region and rate and answers the rule (an object)", async () => {
      const group = await create("Put", [{ country: "US", region: "CA", rate: 7.25, on_shipping: true }]);
      const rule = group.taxes[0]!;
      const path = `/tax_groups/${group.id}/rules/${rule.id}`;
      const res = await api(store, admin, "PUT", path, { rate: "8.5%" });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ ...rule, rate: "8.5%", rate_raw: 8.5 });
      const moved = await api(store, admin, "PUT", path, { country: "au", region: "Queensland", rate: "10" });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json).toEqual({ ...rule, country: "AU", region: "Queensland", rate: "10%", rate_raw: 10 });
      // An empty region clears it: the whole country.
      const cleared = await api(store, admin, "PUT", path, { region: "" });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json).toEqual({ ...moved.json, region: null });
      // JSON null too.
      await api(store, admin, "PUT", path, { region: "Victoria" });
      const nulled = await api(store, admin, "PUT", path, undefined, { json: { region: null } });
      expect(nulled.json.region).toBeNull();
      // on_shipping kept throughout.
      expect((await read(group.id)).taxes).toEqual([{ ...moved.json, region: null }]);
    });

    it("PUT of on_shipping, or of any other field, is a 422 naming it; bad values are 422s; nothing changes", async () => {
      const group = await create("Put refused", [
        { country: "US", region: "CA", rate: 7.25 },
        { country: "US", rate: 2 },
      ]);
      const rule = group.taxes[0]!;
      const path = `/tax_groups/${group.id}/rules/${rule.id}`;
      const onShipping = await api(store, admin, "PUT", path, { on_shipping: "true" });
      expectError(onShipping, 422, ["on_shipping"]);
      expect(onShipping.json.fields.on_shipping).toMatch(/^can only be written by POST/);
      expectError(await api(store, admin, "PUT", path, { rate_raw: "3" }), 422, ["rate_raw"]);
      expectError(await api(store, admin, "PUT", path, { id: "3" }), 422, ["id"]);
      expectError(await api(store, admin, "PUT", path, { rate: "101" }), 422, ["rate"]);
      expectError(await api(store, admin, "PUT", path, { rate: "" }), 422, ["rate"]);
      expectError(await api(store, admin, "PUT", path, { country: "ZZ" }), 422, ["country"]);
      expectError(await api(store, admin, "PUT", path, { region: "California" }), 422, ["region"]);
      // A region that does not fit the new country: a 422 naming region.
      const misfit = await api(store, admin, "PUT", path, { country: "US", region: "NewSouthWales" });
      expectError(misfit, 422, ["region"]);
      const kept = await api(store, admin, "PUT", `/tax_groups/${group.id}/rules/${rule.id}`, { country: "AU" });
      expect(kept.status, kept.text).toBe(200);
      expect(kept.json.region).toBe("CA");
      await api(store, admin, "PUT", path, { country: "US" });
      // Clearing the region would make it a second rule for the whole US.
      const clash = await api(store, admin, "PUT", path, { region: "" });
      expectError(clash, 422, ["region"]);
      expect(clash.json.fields.region).toMatch(/which rule \d+ of this group is for already/);
      // A wrong type in a JSON body is a 400.
      expectError(await api(store, admin, "PUT", path, undefined, { json: { rate: [8] } }), 400, ["rate"]);
      expectError(await api(store, admin, "PUT", path, undefined, { json: { region: 5 } }), 400, ["region"]);
      expect(await read(group.id)).toEqual(group);
    });

    it("DELETE answers true; the later rules move up", async () => {
      const group = await create("Delete", [
        { country: "US", rate: 1 },
        { country: "CA", rate: 2 },
        { country: "MX", rate: 3 },
      ]);
      const res = await api(store, admin, "DELETE", `/tax_groups/${group.id}/rules/${group.taxes[0]!.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toBe(true);
      expect((await read(group.id)).taxes.map((r) => r.country)).toEqual(["CA", "MX"]);
      const added = await add(group.id, [{ country: "US", rate: 1 }]);
      expect(added.json.taxes.map((r: Rule) => r.country)).toEqual(["CA", "MX", "US"]);
      expectError(await api(store, admin, "DELETE", `/tax_groups/${group.id}/rules/${group.taxes[0]!.id}`), 404);
    });
  });

  describe("access", () => {
    it("needs the admin scope (a storefront token is a 403) and manage_store_settings (403)", async () => {
      const group = await create("Guarded", [{ country: "US", rate: 5 }]);
      const rule = group.taxes[0]!.id;
      for (const [method, path] of [
        ["GET", "/tax_groups"],
        ["GET", `/tax_groups/${group.id}`],
        ["GET", `/tax_groups/${group.id}/rules/${rule}`],
        ["POST", "/tax_groups"],
        ["POST", `/tax_groups/${group.id}`],
        ["POST", `/tax_groups/${group.id}/rules`],
        ["PUT", `/tax_groups/${group.id}/rules/${rule}`],
        ["DELETE", `/tax_groups/${group.id}/rules/${rule}`],
      ] as const) {
        const form = method === "GET" || method === "DELETE" ? undefined : { name: "Hacked", rules: "[]", rate: "1" };
        const scoped = await api(store, storefront, method, path, form);
        expectError(scoped, 403);
        expect(scoped.json.error, `${method} ${path}`).toBe("insufficient_scope");
        const clerkRes = await api(store, clerk, method, path, form);
        expectError(clerkRes, 403);
        expect(clerkRes.json.error, `${method} ${path}`).toBe("forbidden");
      }
      expect(await read(group.id)).toEqual(group);
    });
  });
});
