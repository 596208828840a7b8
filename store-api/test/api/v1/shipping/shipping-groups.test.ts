import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectError, startCatalogueStore, type TestStore } from "../../../helpers/index.js";

/** /api/v1/shipping_groups, /{id}, /{id}/options, /{id}/options/{option_id} (docs/contract.md#shipping). */

describe("shipping groups", () => {
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

  /** Creates a group that must be accepted; the group (POST answers a list holding it). */
  const create = async (name: string, options?: unknown) => {
    const form: Record<string, string> = { name };
    if (options !== undefined) form.options = JSON.stringify(options);
    const res = await api(store, admin, "POST", "/shipping_groups", form);
    expect(res.status, res.text).toBe(201);
    expect(res.json).toHaveLength(1);
    return res.json[0];
  };
  const read = async (id: number) => {
    const res = await api(store, admin, "GET", `/shipping_groups/${id}`);
    expect(res.status, res.text).toBe(200);
    return res.json;
  };
  const replace = (id: number, options: unknown) =>
    api(store, admin, "POST", `/shipping_groups/${id}/options`, {
      options: typeof options === "string" ? options : JSON.stringify(options),
    });
  /** Replace-all with one option; the option as answered, or the failed response. */
  const oneOption = async (groupId: number, option: Record<string, unknown>) => {
    const res = await replace(groupId, [{ name: "Only", ...option }]);
    return res;
  };

  describe("the group", () => {
    it("POST creates a group with its options: 201 and a list holding the group, every field of the contract", async () => {
      const res = await api(store, admin, "POST", "/shipping_groups", {
        name: "Standard",
        options: JSON.stringify([
          {
            name: "Ground",
            per_cart_type: "flat_fee",
            per_cart_rate_raw: 5,
            per_item_rate_raw: "1.25",
            destinations: [{ country: "US", allowed: true }],
          },
          {
            name: "Express",
            per_cart_type: "percentage",
            per_cart_rate_raw: "10%",
            price_range_rates: [
              { range_max: 50, rate_raw: 9.5 },
              { range_max: null, rate_raw: 0 },
            ],
          },
        ]),
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toEqual([
        {
          id: expect.any(Number),
          name: "Standard",
          options: [
            {
              id: expect.any(Number),
              name: "Ground",
              currency: "USD",
              per_cart_type: "flat_fee",
              per_cart_rate: "$5.00",
              per_cart_rate_raw: 5,
              per_item_type: "flat_per_item",
              per_item_rate: "$1.25",
              per_item_rate_raw: 1.25,
              price_range_rates: [],
              quantity_range_rates: [],
              weight_range_rates: [],
              destinations: [{ allowed: true, country: "US", region: null }],
            },
            {
              id: expect.any(Number),
              name: "Express",
              currency: "USD",
              per_cart_type: "percentage",
              per_cart_rate: "10%",
              per_cart_rate_raw: 10,
              per_item_type: "price_ranges",
              per_item_rate: null,
              per_item_rate_raw: null,
              price_range_rates: [
                { currency: "USD", range_max: 50, rate: "$9.50", rate_raw: 9.5 },
                { currency: "USD", range_max: null, rate: "$0.00", rate_raw: 0 },
              ],
              quantity_range_rates: [],
              weight_range_rates: [],
              destinations: [],
            },
          ],
        },
      ]);
      // GET answers the same group.
      expect(await read(res.json[0].id)).toEqual(res.json[0]);
    });

    it("POST without options: a group with none; defaults are flat_fee $0.00, per_item_type none", async () => {
      const group = await create("Empty");
      expect(group).toEqual({ id: expect.any(Number), name: "Empty", options: [] });
      const [option] = (await oneOption(group.id, {})).json;
      expect(option).toMatchObject({
        per_cart_type: "flat_fee",
        per_cart_rate: "$0.00",
        per_cart_rate_raw: 0,
        per_item_type: "none",
        per_item_rate: null,
        per_item_rate_raw: null,
        destinations: [],
      });
    });

    it("also takes a JSON body with real lists", async () => {
      const res = await api(store, admin, "POST", "/shipping_groups", undefined, {
        json: { name: "Json", options: [{ name: "A", per_cart_rate_raw: 2 }] },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json[0].options[0]).toMatchObject({ name: "A", per_cart_rate: "$2.00" });
    });

    it("GET lists every group by id, each with its options", async () => {
      const a = await create("List A", [{ name: "One" }]);
      const b = await create("List B");
      const res = await api(store, admin, "GET", "/shipping_groups");
      expect(res.status, res.text).toBe(200);
      const ids = res.json.map((g: { id: number }) => g.id);
      expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
      expect(res.json).toContainEqual(a);
      expect(res.json).toContainEqual(b);
    });

    it("an unknown or malformed id is a 404", async () => {
      expectError(await api(store, admin, "GET", "/shipping_groups/999999"), 404);
      expectError(await api(store, admin, "GET", "/shipping_groups/abc"), 404);
      expectError(await api(store, admin, "PUT", "/shipping_groups/999999", { name: "X" }), 404);
      expectError(await api(store, admin, "DELETE", "/shipping_groups/999999"), 404);
      expectError(await api(store, admin, "GET", "/shipping_groups/999999/options"), 404);
      expectError(await replace(999999, []), 404);
    });

    it("POST needs a name: missing or empty is a 422", async () => {
      expectError(await api(store, admin, "POST", "/shipping_groups", {}), 422, ["name"]);
      expectError(await api(store, admin, "POST", "/shipping_groups", { name: "  " }), 422, ["name"]);
      expectError(await api(store, admin, "POST", "/shipping_groups", { name: "x".repeat(256) }), 422, ["name"]);
    });

    it("POST with option ids is a 422 naming options (a new group has none)", async () => {
      const other = await create("Has options", [{ name: "A" }]);
      const res = await api(store, admin, "POST", "/shipping_groups", {
        name: "Ids",
        options: JSON.stringify([{ id: other.options[0].id, name: "A" }]),
      });
      expectError(res, 422, ["options"]);
      expect(res.json.fields.options).toMatch(/^option 1 /);
      const all = (await api(store, admin, "GET", "/shipping_groups")).json;
      expect(all.some((g: { name: string }) => g.name === "Ids")).toBe(false);
    });

    it("PUT renames the group and answers the group object", async () => {
      const group = await create("Old name", [{ name: "Kept", per_cart_rate_raw: 3 }]);
      const res = await api(store, admin, "PUT", `/shipping_groups/${group.id}`, { name: "New name" });
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ ...group, name: "New name" });
      expect(await read(group.id)).toEqual(res.json);
      // An empty PUT changes nothing.
      const idle = await api(store, admin, "PUT", `/shipping_groups/${group.id}`, {});
      expect(idle.status, idle.text).toBe(200);
      expect(idle.json).toEqual(res.json);
      expectError(await api(store, admin, "PUT", `/shipping_groups/${group.id}`, { name: "" }), 422, ["name"]);
    });

    it("PUT with options replaces them as the replace-all does: ids kept, new ids, others deleted", async () => {
      const group = await create("Put options", [{ name: "Keep" }, { name: "Drop" }]);
      const [keep] = group.options;
      const res = await api(store, admin, "PUT", `/shipping_groups/${group.id}`, {
        name: "Put options 2",
        options: JSON.stringify([
          { name: "New first", per_cart_rate_raw: 1 },
          { id: keep.id, name: "Kept, renamed" },
        ]),
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.name).toBe("Put options 2");
      expect(res.json.options.map((o: { name: string }) => o.name)).toEqual(["New first", "Kept, renamed"]);
      expect(res.json.options[1].id).toBe(keep.id);
      expect(res.json.options[0].id).not.toBe(group.options[1].id);
    });

    it("PUT with one bad option changes nothing, the name included", async () => {
      const group = await create("Atomic put", [{ name: "A", per_cart_rate_raw: 4 }]);
      const res = await api(store, admin, "PUT", `/shipping_groups/${group.id}`, {
        name: "Renamed",
        options: JSON.stringify([{ name: "Fine" }, { name: "Bad", per_cart_rate_raw: "lots" }]),
      });
      expectError(res, 422, ["options"]);
      expect(res.json.fields.options).toMatch(/^option 2: per_cart_rate_raw /);
      expect(await read(group.id)).toEqual(group);
      // A foreign id also rolls back the whole PUT.
      const other = await create("Foreign", [{ name: "Theirs" }]);
      expectError(
        await api(store, admin, "PUT", `/shipping_groups/${group.id}`, {
          name: "Renamed",
          options: JSON.stringify([{ id: other.options[0].id, name: "Stolen" }]),
        }),
        422,
        ["options"],
      );
      expect(await read(group.id)).toEqual(group);
    });

    it("DELETE answers true; the group and its options are gone", async () => {
      const group = await create("Doomed", [{ name: "A" }]);
      const res = await api(store, admin, "DELETE", `/shipping_groups/${group.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toBe(true);
      expectError(await api(store, admin, "GET", `/shipping_groups/${group.id}`), 404);
      expectError(await api(store, admin, "GET", `/shipping_groups/${group.id}/options/${group.options[0].id}`), 404);
    });

    it("other methods are a 405 with Allow", async () => {
      const group = await create("Methods", [{ name: "A" }]);
      const list = await api(store, admin, "PATCH", "/shipping_groups");
      expectError(list, 405);
      expect(list.res.headers.get("allow")).toBe("GET, POST");
      const one = await api(store, admin, "POST", `/shipping_groups/${group.id}`, { name: "x" });
      expectError(one, 405);
      expect(one.res.headers.get("allow")).toBe("GET, PUT, DELETE");
      const options = await api(store, admin, "PUT", `/shipping_groups/${group.id}/options`, { options: "[]" });
      expectError(options, 405);
      expect(options.res.headers.get("allow")).toBe("GET, POST");
    });
  });

  describe("access", () => {
    it("needs the admin scope (a storefront token is a 403) and manage_store_settings (403)", async () => {
      const group = await create("Guarded", [{ name: "A" }]);
      for (const [method, path] of [
        ["GET", "/shipping_groups"],
        ["GET", `/shipping_groups/${group.id}`],
        ["GET", `/shipping_groups/${group.id}/options`],
        ["GET", `/shipping_groups/${group.id}/options/${group.options[0].id}`],
        ["POST", "/shipping_groups"],
        ["PUT", `/shipping_groups/${group.id}`],
        ["POST", `/shipping_groups/${group.id}/options`],
        ["DELETE", `/shipping_groups/${group.id}/options/${group.options[0].id}`],
        ["DELETE", `/shipping_groups/${group.id}`],
      ] as const) {
        const form = method === "GET" || method === "DELETE" ? undefined : { name: "Hacked", options: "[]" };
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

  describe("options: the replace-all", () => {
    it("GET lists the options in order; POST replaces them: ids kept, new ids, the others deleted", async () => {
      const group = await create("Replace", [{ name: "A" }, { name: "B" }, { name: "C" }]);
      const [a, b, c] = group.options;
      const listed = await api(store, admin, "GET", `/shipping_groups/${group.id}/options`);
      expect(listed.status, listed.text).toBe(200);
      expect(listed.json).toEqual(group.options);

      const res = await replace(group.id, [
        { id: c.id, name: "C first", per_item_rate_raw: 2 },
        { name: "New" },
        { id: String(a.id), name: "A last" },
      ]);
      expect(res.status, res.text).toBe(200);
      expect(res.json.map((o: { id: number; name: string }) => [o.id, o.name])).toEqual([
        [c.id, "C first"],
        [expect.any(Number), "New"],
        [a.id, "A last"],
      ]);
      const fresh = res.json[1].id;
      expect([a.id, b.id, c.id]).not.toContain(fresh);
      expect(res.json[0]).toMatchObject({ per_item_type: "flat_per_item", per_item_rate_raw: 2 });
      // Every item is the whole option: C's old values are not kept.
      expect(await read(group.id)).toEqual({ ...group, options: res.json });
      expectError(await api(store, admin, "GET", `/shipping_groups/${group.id}/options/${b.id}`), 404);
    });

    it("an empty value ('' or []) deletes every option and answers []", async () => {
      for (const empty of ["", "[]"]) {
        const group = await create(`Emptied ${empty}`, [{ name: "A" }, { name: "B" }]);
        const res = await replace(group.id, empty);
        expect(res.status, res.text).toBe(200);
        expect(res.json).toEqual([]);
        expect((await read(group.id)).options).toEqual([]);
      }
    });

    it("options is required", async () => {
      const group = await create("Required");
      expectError(await api(store, admin, "POST", `/shipping_groups/${group.id}/options`, {}), 422, ["options"]);
    });

    it("an id of another group's option, an unknown id, or an id twice is a 422 naming options; nothing changes", async () => {
      const group = await create("Mine", [{ name: "A" }, { name: "B" }]);
      const other = await create("Theirs", [{ name: "X" }]);
      const [a] = group.options;
      for (const [items, pattern] of [
        [
          [
            { id: a.id, name: "A" },
            { id: other.options[0].id, name: "X" },
          ],
          /^option 2 names the id \d+, which is no option of this group/,
        ],
        [[{ id: 2_000_000_000, name: "Ghost" }], /^option 1 names the id 2000000000/],
        [
          [
            { id: a.id, name: "A" },
            { id: a.id, name: "A again" },
          ],
          /^option 2 names the id \d+, which an earlier item names too/,
        ],
        [[{ id: 0, name: "Zero" }], /^option 1: id must be the whole-number id/],
      ] as const) {
        const res = await replace(group.id, items);
        expectError(res, 422, ["options"]);
        expect(res.json.fields.options).toMatch(pattern);
      }
      expect(await read(group.id)).toEqual(group);
      expect(await read(other.id)).toEqual(other);
    });

    it("one bad item changes nothing: the good ones are not written either", async () => {
      const group = await create("All or nothing", [{ name: "A", per_cart_rate_raw: 1 }]);
      const res = await replace(group.id, [
        { id: group.options[0].id, name: "A changed", per_cart_rate_raw: 2 },
        { name: "New" },
        { name: "Bad", destinations: [{ country: "ZZ" }] },
      ]);
      expectError(res, 422, ["options"]);
      expect(res.json.fields.options).toBe(
        "option 3: destinations, destination 1: country must be a 2-letter ISO 3166-1 country code, such as US or DE",
      );
      expect(await read(group.id)).toEqual(group);
    });

    it("malformed input is a 400 naming options: not JSON, not a list, an item not a dictionary, a wrong type", async () => {
      const group = await create("Malformed", [{ name: "A" }]);
      for (const [value, pattern] of [
        ["[{", /JSON/],
        [JSON.stringify({ name: "A" }), /list/],
        [JSON.stringify(["A"]), /^option 1 must be a dictionary/],
        [JSON.stringify([{ name: 5 }]), /^option 1: name must be a string/],
        [JSON.stringify([{ name: "A", destinations: "not json" }]), /^option 1: destinations must be valid JSON/],
        [JSON.stringify([{ name: "A", destinations: [{ country: "US", allowed: "maybe" }] }]), /allowed must be/],
        [JSON.stringify([{ name: "A", per_cart_rate_raw: true }]), /^option 1: per_cart_rate_raw must be a number/],
        [JSON.stringify([{ name: "A", price_range_rates: [{ range_max: [1], rate_raw: 1 }] }]), /range 1: range_max/],
      ] as const) {
        const res = await replace(group.id, value);
        expectError(res, 400, ["options"]);
        expect(res.json.fields.options, value).toMatch(pattern);
      }
      expect(await read(group.id)).toEqual(group);
    });

    it("invalid values are a 422 saying which option and what: missing name, unknown and read-only fields", async () => {
      const group = await create("Invalid");
      for (const [item, message] of [
        [{}, "option 2: name is required"],
        [{ name: "" }, "option 2: name must not be empty"],
        [{ name: "A", per_cart_type: "per_item" }, "option 2: per_cart_type must be one of flat_fee, percentage"],
        [{ name: "A", speed: "fast" }, 'option 2 has an unknown field "speed"'],
        [{ name: "A", per_item_type: "flat_per_item" }, "option 2: per_item_type is read-only"],
        [{ name: "A", per_cart_rate: "$5.00" }, "option 2: per_cart_rate is read-only: write per_cart_rate_raw"],
        [{ name: "A", per_item_rate: "$1.00" }, "option 2: per_item_rate is read-only: write per_item_rate_raw"],
        [{ name: "A", currency: "EUR" }, "option 2: currency is read-only"],
        [{ name: "A", per_cart_rate_raw: -1 }, "option 2: per_cart_rate_raw must not be negative"],
        [{ name: "A", per_cart_rate_raw: "€5" }, "option 2: per_cart_rate_raw must be in the store currency (USD)"],
        [{ name: "A", per_item_rate_raw: "1.234" }, "option 2: per_item_rate_raw must have at most 2 decimal places"],
      ] as const) {
        const res = await replace(group.id, [{ name: "Fine" }, item]);
        expectError(res, 422, ["options"]);
        expect(res.json.fields.options).toMatch(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
      }
      expect((await read(group.id)).options).toEqual([]);
    });

    it("says how many more problems there are", async () => {
      const group = await create("Many problems");
      const res = await replace(group.id, [{ name: "" }, {}, { name: "A", per_cart_type: "x" }]);
      expectError(res, 422, ["options"]);
      expect(res.json.fields.options).toBe("option 1: name must not be empty (and 2 more problems)");
    });
  });

  describe("rates", () => {
    let group: { id: number };
    beforeAll(async () => {
      group = await create("Rates");
    });

    it("flat_fee per_cart_rate_raw is money: 5, '5.00', '$5.00', '1,250.50'", async () => {
      for (const [written, formatted, raw] of [
        [5, "$5.00", 5],
        ["5.00", "$5.00", 5],
        ["$5.5", "$5.50", 5.5],
        ["1,250.50", "$1,250.50", 1250.5],
        [0.1 + 0.2, "$0.30", 0.3],
      ] as const) {
        const res = await oneOption(group.id, { per_cart_type: "flat_fee", per_cart_rate_raw: written });
        expect(res.status, res.text).toBe(200);
        expect(res.json[0]).toMatchObject({ per_cart_rate: formatted, per_cart_rate_raw: raw });
      }
    });

    it('percentage per_cart_rate_raw is a percent from 0 to 100: 10, "10", "10%", "12.5 %"; read "10%" and 10', async () => {
      for (const [written, formatted, raw] of [
        [10, "10%", 10],
        ["10", "10%", 10],
        ["10%", "10%", 10],
        ["12.5 %", "12.5%", 12.5],
        [0, "0%", 0],
        [100, "100%", 100],
      ] as const) {
        const res = await oneOption(group.id, { per_cart_type: "percentage", per_cart_rate_raw: written });
        expect(res.status, res.text).toBe(200);
        expect(res.json[0]).toMatchObject({
          per_cart_type: "percentage",
          per_cart_rate: formatted,
          per_cart_rate_raw: raw,
        });
      }
      for (const bad of [101, -1, "ten", "$10"]) {
        const res = await oneOption(group.id, { per_cart_type: "percentage", per_cart_rate_raw: bad });
        expectError(res, 422, ["options"]);
        expect(res.json.fields.options).toMatch(/^option 1: per_cart_rate_raw must be a percentage from 0 to 100/);
      }
    });

    it("per_item_type follows from what was written: none, flat_per_item, and each kind of ranges", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, "none", ""],
        [{ per_item_rate_raw: null, price_range_rates: [], weight_range_rates: "" }, "none", ""],
        [{ per_item_rate_raw: "0.75" }, "flat_per_item", ""],
        [{ quantity_range_rates: [{ range_max: 3, rate_raw: 2 }] }, "quantity_ranges", "quantity_range_rates"],
        [{ price_range_rates: [{ range_max: "$25.00", rate_raw: 4 }] }, "price_ranges", "price_range_rates"],
        [{ weight_range_rates: [{ range_max: 2.5, rate_raw: 6 }] }, "weight_ranges", "weight_range_rates"],
        // The other kinds' empty lists (as a GET shows them) count as not written.
        [
          { per_item_rate_raw: null, quantity_range_rates: [], weight_range_rates: [{ range_max: 1, rate_raw: 1 }] },
          "weight_ranges",
          "weight_range_rates",
        ],
      ];
      for (const [written, type, field] of cases) {
        const res = await oneOption(group.id, written);
        expect(res.status, res.text).toBe(200);
        const [option] = res.json;
        expect(option.per_item_type, JSON.stringify(written)).toBe(type);
        for (const f of ["price_range_rates", "quantity_range_rates", "weight_range_rates"]) {
          expect(option[f].length > 0, f).toBe(f === field);
        }
        if (type === "flat_per_item") expect(option).toMatchObject({ per_item_rate: "$0.75", per_item_rate_raw: 0.75 });
        else expect(option).toMatchObject({ per_item_rate: null, per_item_rate_raw: null });
      }
    });

    it("two per-item charges at once are a 422", async () => {
      for (const written of [
        { per_item_rate_raw: 1, price_range_rates: [{ range_max: null, rate_raw: 1 }] },
        {
          quantity_range_rates: [{ range_max: null, rate_raw: 1 }],
          weight_range_rates: [{ range_max: null, rate_raw: 1 }],
        },
      ]) {
        const res = await oneOption(group.id, written);
        expectError(res, 422, ["options"]);
        expect(res.json.fields.options).toMatch(/^option 1 sets both \w+ and \w+: an option has one per-item charge/);
      }
    });

    it("a range's rate is read formatted beside rate_raw and currency; quantity, price and weight bounds", async () => {
      const quantity = await oneOption(group.id, {
        quantity_range_rates: [{ range_max: 1, rate_raw: 0 }, { range_max: "5", rate_raw: "2.50" }, { rate_raw: "$4" }],
      });
      expect(quantity.status, quantity.text).toBe(200);
      expect(quantity.json[0].quantity_range_rates).toEqual([
        { currency: "USD", range_max: 1, rate: "$0.00", rate_raw: 0 },
        { currency: "USD", range_max: 5, rate: "$2.50", rate_raw: 2.5 },
        { currency: "USD", range_max: null, rate: "$4.00", rate_raw: 4 },
      ]);
      const price = await oneOption(group.id, {
        price_range_rates: JSON.stringify([
          { range_max: "49.99", rate_raw: 5 },
          { range_max: "$100", rate_raw: 2 },
        ]),
      });
      expect(price.status, price.text).toBe(200);
      expect(price.json[0].price_range_rates.map((r: { range_max: number }) => r.range_max)).toEqual([49.99, 100]);
      const weight = await oneOption(group.id, {
        weight_range_rates: [
          { range_max: 0.5, rate_raw: 1 },
          { range_max: "1.75", rate_raw: 2 },
          { range_max: null, rate_raw: 3 },
        ],
      });
      expect(weight.status, weight.text).toBe(200);
      expect(weight.json[0].weight_range_rates.map((r: { range_max: number }) => r.range_max)).toEqual([
        0.5,
        1.75,
        null,
      ]);
    });

    it("ranges ascend, only the top one is open-ended, bounds fit their kind: each a clear 422", async () => {
      for (const [written, message] of [
        [
          {
            quantity_range_rates: [
              { range_max: 5, rate_raw: 1 },
              { range_max: 5, rate_raw: 2 },
            ],
          },
          "option 1: quantity_range_rates, range 2: range_max must be above the previous range's (5): ranges ascend",
        ],
        [
          {
            price_range_rates: [
              { range_max: 50, rate_raw: 1 },
              { range_max: "20.00", rate_raw: 2 },
            ],
          },
          "option 1: price_range_rates, range 2: range_max must be above the previous range's (50): ranges ascend",
        ],
        [
          {
            weight_range_rates: [
              { range_max: null, rate_raw: 1 },
              { range_max: 2, rate_raw: 2 },
            ],
          },
          "option 1: weight_range_rates, range 1: range_max may only be null (open-ended) on the top range",
        ],
        [
          { quantity_range_rates: [{ range_max: 2.5, rate_raw: 1 }] },
          "option 1: quantity_range_rates, range 1: range_max must be a whole number of items from 1, or null for the open-ended top range",
        ],
        [
          { quantity_range_rates: [{ range_max: 0, rate_raw: 1 }] },
          "option 1: quantity_range_rates, range 1: range_max must be a whole number of items from 1",
        ],
        [
          { price_range_rates: [{ range_max: "12.345", rate_raw: 1 }] },
          "option 1: price_range_rates, range 1: range_max must be an amount above 0",
        ],
        [
          { weight_range_rates: [{ range_max: "heavy", rate_raw: 1 }] },
          "option 1: weight_range_rates, range 1: range_max must be a weight above 0",
        ],
        [{ weight_range_rates: [{ range_max: 1 }] }, "option 1: weight_range_rates, range 1: rate_raw is required"],
        [
          { weight_range_rates: [{ range_max: 1, rate_raw: -2 }] },
          "option 1: weight_range_rates, range 1: rate_raw must not be negative",
        ],
        [
          { price_range_rates: [{ range_max: 1, rate_raw: 1, rate: "$1.00" }] },
          "option 1: price_range_rates, range 1: rate is read-only: write rate_raw",
        ],
        [
          { quantity_range_rates: [{ range_min: 0, range_max: 1, rate_raw: 1 }] },
          "option 1: quantity_range_rates, range 1: range_min is not a field of a range",
        ],
      ] as const) {
        const res = await oneOption(group.id, written);
        expectError(res, 422, ["options"]);
        expect(res.json.fields.options.startsWith(message), `${res.json.fields.options}\n${message}`).toBe(true);
      }
    });
  });

  describe("destinations", () => {
    let group: { id: number };
    beforeAll(async () => {
      group = await create("Destinations");
    });
    const destinations = async (list: unknown) => {
      const res = await oneOption(group.id, { destinations: list });
      expect(res.status, res.text).toBe(200);
      return res.json[0].destinations;
    };

    it("country codes (taken in any case), regions: US state codes, camel-cased names elsewhere; allowed defaults true", async () => {
      expect(
        await destinations([
          { country: "us" },
          { country: "US", region: "hi", allowed: false },
          { country: "US", region: "PR" },
          { country: "AU", region: "NewSouthWales", allowed: "true" },
          { country: "de", region: null, allowed: true },
          { country: "CA", region: "" },
          { country: "FR", region: "ÎleDeFrance" },
        ]),
      ).toEqual([
        { allowed: true, country: "US", region: null },
        { allowed: false, country: "US", region: "HI" },
        { allowed: true, country: "US", region: "PR" },
        { allowed: true, country: "AU", region: "NewSouthWales" },
        { allowed: true, country: "DE", region: null },
        { allowed: true, country: "CA", region: null },
        { allowed: true, country: "FR", region: "ÎleDeFrance" },
      ]);
      // As a string of JSON inside the option too.
      expect(await destinations(JSON.stringify([{ country: "GB", allowed: false }]))).toEqual([
        { allowed: false, country: "GB", region: null },
      ]);
    });

    it("an unknown country, a US region that is no state, a region that is not camel-cased: each a 422", async () => {
      for (const [list, message] of [
        [[{ country: "XX" }], "destination 1: country must be a 2-letter ISO 3166-1 country code"],
        [[{ country: "UK" }], "destination 1: country must be a 2-letter ISO 3166-1 country code"],
        [[{ country: "USA" }], "destination 1: country must be a 2-letter ISO 3166-1 country code"],
        [[{ region: "CA" }], "destination 1: country is required"],
        [
          [{ country: "US" }, { country: "US", region: "California" }],
          "destination 2: region must be the 2-letter code of a US state or territory, such as CA or NY",
        ],
        [[{ country: "US", region: "ZZ" }], "destination 1: region must be the 2-letter code of a US state"],
        [
          [{ country: "AU", region: "new south wales" }],
          'destination 1: region must be a camel-cased name, such as "NewSouthWales"',
        ],
        [
          [{ country: "AU", region: "New_South-Wales!" }],
          'destination 1: region must be a camel-cased name, such as "NewSouthWales"',
        ],
        [[{ country: "DE", city: "Berlin" }], 'destination 1 has an unknown field "city"'],
      ] as const) {
        const res = await oneOption(group.id, { destinations: list });
        expectError(res, 422, ["options"]);
        expect(res.json.fields.options.startsWith(`option 1: destinations, ${message}`), res.json.fields.options).toBe(
          true,
        );
      }
    });
  });

  describe("a single option", () => {
    it("GET answers the option; another group's option, or an unknown one, is a 404", async () => {
      const group = await create("Single", [{ name: "A" }, { name: "B", per_item_rate_raw: 1 }]);
      const other = await create("Single other", [{ name: "X" }]);
      const res = await api(store, admin, "GET", `/shipping_groups/${group.id}/options/${group.options[1].id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual(group.options[1]);
      expectError(await api(store, admin, "GET", `/shipping_groups/${group.id}/options/${other.options[0].id}`), 404);
      expectError(await api(store, admin, "GET", `/shipping_groups/${group.id}/options/999999`), 404);
      expectError(await api(store, admin, "GET", `/shipping_groups/${group.id}/options/x`), 404);
    });

    it("PUT is a 405 with Allow: GET, DELETE", async () => {
      const group = await create("No put", [{ name: "A" }]);
      const res = await api(store, admin, "PUT", `/shipping_groups/${group.id}/options/${group.options[0].id}`, {
        name: "B",
      });
      expectError(res, 405);
      expect(res.res.headers.get("allow")).toBe("GET, DELETE");
      expect(await read(group.id)).toEqual(group);
    });

    it("DELETE answers true; the later options move up; another group's option is a 404", async () => {
      const group = await create("Delete one", [{ name: "A" }, { name: "B" }, { name: "C" }]);
      const other = await create("Delete other", [{ name: "X" }]);
      expectError(
        await api(store, admin, "DELETE", `/shipping_groups/${group.id}/options/${other.options[0].id}`),
        404,
      );
      const res = await api(store, admin, "DELETE", `/shipping_groups/${group.id}/options/${group.options[0].id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toBe(true);
      expect((await read(group.id)).options.map((o: { name: string }) => o.name)).toEqual(["B", "C"]);
      expect((await read(other.id)).options).toHaveLength(1);
      // Order still follows: a new option added through the replace-all goes where it is listed.
      const again = await replace(group.id, [
        ...(await read(group.id)).options.map((o: { id: number; name: string }) => ({ id: o.id, name: o.name })),
        { name: "D" },
      ]);
      expect(again.json.map((o: { name: string }) => o.name)).toEqual(["B", "C", "D"]);
    });
  });
});
