import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { couponCodes, coupons } from "../../../../src/db/schema/index.js";
import { api, expectError, startCatalogueStore, type TestStore, writeBehindApi } from "../../../helpers/index.js";

/** /api/v1/coupons and /api/v1/coupons/{id} (docs/contract.md#coupons). */

const DAY = 86_400;
const START = Math.floor(Date.UTC(2030, 0, 1) / 1000);
const END = START + 30 * DAY;

const base = { name: "Spring", start_date: String(START), end_date: String(END) };
let codeCount = 0;
/** A code no other test uses. */
const freshCode = () => `CODE-${++codeCount}`;

/** A valid percentage_off coupon with a fresh code, changed by `extra`. */
const percentOff = (extra: Record<string, string> = {}) => ({
  ...base,
  type: "percentage_off",
  percentage: "15",
  limit: "0",
  code: freshCode(),
  ...extra,
});

describe("coupons", () => {
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

  /** Creates a coupon that must be accepted; its JSON. */
  async function create(form: Record<string, string>) {
    const res = await api(store, admin, "POST", "/coupons", form);
    expect(res.status, res.text).toBe(201);
    return res.json;
  }
  const get = async (id: number) => (await api(store, admin, "GET", `/coupons/${id}`)).json;
  const rowCount = async () => (await store.database.db.select({ id: coupons.id }).from(coupons)).length;

  /** Sets the coupon's `modified` back to 2020, so that a later change shows. */
  async function age(id: number) {
    const then = new Date("2020-01-01T00:00:00Z");
    await writeBehindApi(store, () =>
      store.database.db.update(coupons).set({ updatedAt: then }).where(eq(coupons.id, id)),
    );
    return Math.floor(then.getTime() / 1000);
  }

  describe("POST /coupons", () => {
    it("with a code: 201 and the Coupon object, one multi_use code, every field of the contract", async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await api(store, admin, "POST", "/coupons", {
        name: "Summer sale",
        type: "percentage_off",
        percentage: "15%",
        start_date: String(START),
        end_date: String(END),
        limit: "100",
        code: "  SUMMER-15 ",
        free_ship: "true",
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: "Summer sale",
        type: "percentage_off",
        codes: [
          {
            code: "SUMMER-15",
            type: "multi_use",
            active: true,
            created: expect.any(Number),
            modified: expect.any(Number),
          },
        ],
        start_date: START,
        end_date: END,
        limit: 100,
        hits: 0,
        redeemed: 0,
        free_ship: true,
        percentage: "15%",
        percentage_raw: 15,
        flat_rate: null,
        flat_rate_raw: null,
        threshold: null,
        threshold_raw: null,
        currency: "USD",
        created: expect.any(Number),
        modified: expect.any(Number),
      });
      expect(res.json.created).toBeGreaterThanOrEqual(before - 1);
      expect(res.json.created).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 1);
      expect(Number.isInteger(res.json.created)).toBe(true);
      expect(res.json.codes[0].created).toBe(res.json.created);
      // GET answers the same object.
      expect(await get(res.json.id)).toEqual(res.json);
    });

    it("flat_discount: the amount and threshold as money, free_ship kept", async () => {
      const c = await create({
        ...base,
        type: "flat_discount",
        flat_rate: "$12.50",
        threshold: "40",
        free_ship: "1",
        limit: "0",
        code: freshCode(),
      });
      expect(c).toMatchObject({
        type: "flat_discount",
        flat_rate: "$12.50",
        flat_rate_raw: 12.5,
        threshold: "$40.00",
        threshold_raw: 40,
        percentage: null,
        percentage_raw: null,
        free_ship: true,
        limit: 0,
        currency: "USD",
      });
    });

    it("flat_discount without threshold: a threshold of 0", async () => {
      const c = await create({ ...base, type: "flat_discount", flat_rate: "5", limit: "0", code: freshCode() });
      expect(c).toMatchObject({ flat_rate: "$5.00", flat_rate_raw: 5, threshold: "$0.00", threshold_raw: 0 });
    });

    it("free_shipping: free_ship is ignored (false), no amounts", async () => {
      const c = await create({ ...base, type: "free_shipping", free_ship: "true", limit: "3", code: freshCode() });
      expect(c).toMatchObject({
        type: "free_shipping",
        free_ship: false,
        percentage: null,
        percentage_raw: null,
        flat_rate: null,
        flat_rate_raw: null,
        threshold: null,
        threshold_raw: null,
        limit: 3,
      });
    });

    it("takes a JSON body with numbers and booleans", async () => {
      const res = await api(store, admin, "POST", "/coupons", undefined, {
        json: {
          name: "JSON",
          type: "flat_discount",
          flat_rate: 12.5,
          threshold: 0,
          start_date: START,
          end_date: END,
          limit: 0,
          free_ship: false,
          code: freshCode(),
        },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ flat_rate: "$12.50", threshold: "$0.00", start_date: START, end_date: END });
    });

    it.each([
      ["15", 15, "15%"],
      ["15%", 15, "15%"],
      [" 12.5 % ", 12.5, "12.5%"],
      ["100", 100, "100%"],
      ["0.5", 0.5, "0.5%"],
      ["33.333333", 33.333333, "33.333333%"],
    ])("percentage %j reads as %j and %j", async (written, raw, text) => {
      const c = await create(percentOff({ percentage: written, code: freshCode() }));
      expect(c.percentage_raw).toBe(raw);
      expect(c.percentage).toBe(text);
    });

    it("percentage as a JSON number", async () => {
      const res = await api(store, admin, "POST", "/coupons", undefined, {
        json: { ...percentOff({ code: freshCode() }), percentage: 12.5 },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json.percentage).toBe("12.5%");
    });

    it.each(["0", "0%", "100.5", "101%", "-5", "abc", "15%%", "1e1", "12.1234567", "%"])(
      "percentage %j is a 422 naming percentage",
      async (percentage) => {
        expectError(await api(store, admin, "POST", "/coupons", percentOff({ percentage })), 422, ["percentage"]);
      },
    );

    it.each([
      ["0", "must be more than 0"],
      ["-1", "must not be negative"],
      ["1.2.3", "must be an amount such as 12.50"],
      ["€5", "must be in the store currency (USD)"],
      ["1.234", "must have at most 2 decimal places"],
    ])("flat_rate %j is a 422: %s", async (flat_rate, message) => {
      const res = await api(store, admin, "POST", "/coupons", {
        ...base,
        type: "flat_discount",
        flat_rate,
        limit: "0",
        code: freshCode(),
      });
      expectError(res, 422, ["flat_rate"]);
      expect(res.json.fields.flat_rate).toBe(message);
    });

    it("a negative threshold is a 422", async () => {
      const res = await api(store, admin, "POST", "/coupons", {
        ...base,
        type: "flat_discount",
        flat_rate: "5",
        threshold: "-1",
        limit: "0",
        code: freshCode(),
      });
      expectError(res, 422, ["threshold"]);
    });

    it("the required fields: type, start_date, end_date, name, limit", async () => {
      const res = await api(store, admin, "POST", "/coupons", {});
      expectError(res, 422, ["end_date", "limit", "name", "start_date", "type"]);
      for (const message of Object.values(res.json.fields)) expect(message).toBe("is required");
      // An empty form field is absent.
      expectError(await api(store, admin, "POST", "/coupons", percentOff({ name: "" })), 422, ["name"]);
    });

    it("a type outside the three is a 422 naming type", async () => {
      const res = await api(store, admin, "POST", "/coupons", percentOff({ type: "buy_one_get_one" }));
      expectError(res, 422, ["type"]);
      expect(res.json.fields.type).toBe("must be one of percentage_off, flat_discount, free_shipping");
    });

    it("each type's own field is required", async () => {
      const noPercent = await api(store, admin, "POST", "/coupons", {
        ...base,
        type: "percentage_off",
        limit: "0",
        code: freshCode(),
      });
      expectError(noPercent, 422, ["percentage"]);
      expect(noPercent.json.fields.percentage).toBe("is required for percentage_off coupons");
      const noRate = await api(store, admin, "POST", "/coupons", {
        ...base,
        type: "flat_discount",
        limit: "0",
        code: freshCode(),
      });
      expectError(noRate, 422, ["flat_rate"]);
    });

    it("a field of another type is refused, naming it", async () => {
      const a = await api(store, admin, "POST", "/coupons", {
        ...base,
        type: "flat_discount",
        flat_rate: "5",
        percentage: "10",
        limit: "0",
        code: freshCode(),
      });
      expectError(a, 422, ["percentage"]);
      expect(a.json.fields.percentage).toBe("only applies to percentage_off coupons");
      const b = await api(store, admin, "POST", "/coupons", percentOff({ flat_rate: "5", threshold: "10" }));
      expectError(b, 422, ["flat_rate", "threshold"]);
      expect(b.json.fields.threshold).toBe("only applies to flat_discount coupons");
      const c = await api(store, admin, "POST", "/coupons", {
        ...base,
        type: "free_shipping",
        percentage: "10",
        flat_rate: "5",
        limit: "0",
        code: freshCode(),
      });
      expectError(c, 422, ["flat_rate", "percentage"]);
    });

    it("dates: UNIX seconds as numbers or strings; end_date after start_date", async () => {
      for (const end_date of [String(START), String(START - 1)]) {
        const res = await api(store, admin, "POST", "/coupons", percentOff({ end_date }));
        expectError(res, 422, ["end_date"]);
        expect(res.json.fields.end_date).toBe("must be after start_date");
      }
      for (const bad of ["soon", "1.5", "-1", "2024-01-01", "253402300800"]) {
        const res = await api(store, admin, "POST", "/coupons", percentOff({ start_date: bad }));
        expectError(res, 422, ["start_date"]);
        expect(res.json.fields.start_date).toBe("must be a UNIX time in seconds (a whole number from 0)");
      }
      const c = await create(percentOff({ start_date: "0", end_date: "1", code: freshCode() }));
      expect(c).toMatchObject({ start_date: 0, end_date: 1 });
    });

    it("code: trimmed, 1–64 letters, digits, - and _", async () => {
      const longest = "A".repeat(63) + "z";
      expect((await create(percentOff({ code: longest }))).codes[0].code).toBe(longest);
      expect((await create(percentOff({ code: "under_score-9" }))).codes[0].code).toBe("under_score-9");
      for (const code of ["SUMMER 10", "Ωmega", "A".repeat(65), "semi;colon", "   "]) {
        const res = await api(store, admin, "POST", "/coupons", percentOff({ code }));
        expectError(res, 422, ["code"]);
      }
    });

    it("with a code, limit 0 is no limit; a limit is a whole number from 0", async () => {
      expect((await create(percentOff({ limit: "0", code: freshCode() }))).limit).toBe(0);
      expect((await create(percentOff({ limit: "2147483647", code: freshCode() }))).limit).toBe(2_147_483_647);
      for (const limit of ["-1", "1.5", "many", "2147483648"]) {
        expectError(await api(store, admin, "POST", "/coupons", percentOff({ limit, code: freshCode() })), 422, [
          "limit",
        ]);
      }
    });

    it("a code any coupon has, in any case, is a 409 conflict naming code; nothing is created", async () => {
      await create(percentOff({ code: "TAKEN-1" }));
      const before = await rowCount();
      for (const code of ["TAKEN-1", "taken-1", " Taken-1 "]) {
        const res = await api(store, admin, "POST", "/coupons", percentOff({ code }));
        expectError(res, 409, ["code"]);
        expect(res.json.error).toBe("conflict");
        expect(res.json.fields.code).toBe("is already taken");
      }
      expect(await rowCount()).toBe(before);
    });

    it("requests racing for one code: one wins, the others get 409 and leave nothing", async () => {
      const before = await rowCount();
      const results = await Promise.all(
        Array.from({ length: 6 }, () => api(store, admin, "POST", "/coupons", percentOff({ code: "RACE-ME" }))),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of results.filter((r) => r.status === 409)) expectError(r, 409, ["code"]);
      expect(await rowCount()).toBe(before + 1);
      const owners = await store.database.db.select().from(couponCodes).where(eq(couponCodes.code, "RACE-ME"));
      expect(owners).toHaveLength(1);
    });

    it("read-only fields are a 422 naming them", async () => {
      const res = await api(
        store,
        admin,
        "POST",
        "/coupons",
        percentOff({ id: "7", hits: "3", codes: "[]", currency: "EUR", percentage_raw: "15", code: freshCode() }),
      );
      expectError(res, 422, ["codes", "currency", "hits", "id", "percentage_raw"]);
      expect(res.json.fields.hits).toBe("is read-only");
    });

    it("malformed input is a 400: a body that is not JSON, a value of the wrong type", async () => {
      const before = await rowCount();
      const broken = await api(store, admin, "POST", "/coupons", undefined, {
        body: '{"name": "x",',
        headers: { "content-type": "application/json" },
      });
      expectError(broken, 400);
      expect(broken.json.error).toBe("invalid_request");
      for (const [field, value] of [
        ["name", 5],
        ["start_date", [START]],
        ["limit", true],
        ["percentage", { value: 15 }],
        ["flat_rate", false],
        ["free_ship", "maybe"],
        ["code", 12],
      ] as const) {
        const res = await api(store, admin, "POST", "/coupons", undefined, {
          json: { ...percentOff({ code: freshCode() }), [field]: value },
        });
        expect(res.status, `${field}: ${res.text}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${field}: ${res.text}`).toBeLessThan(500);
        expect(Object.keys(res.json.fields ?? {}), field).toContain(field);
      }
      // Text that PostgreSQL cannot hold is bad input too, never a 5xx.
      const nul = await api(store, admin, "POST", "/coupons", undefined, { json: percentOff({ name: "a\u0000b" }) });
      expectError(nul, 400);
      expect(await rowCount()).toBe(before);
    });

    it("wrong types are 400s, not 422s", async () => {
      for (const [field, value] of [
        ["start_date", [START]],
        ["limit", true],
        ["percentage", { value: 15 }],
        ["name", 5],
      ] as const) {
        const res = await api(store, admin, "POST", "/coupons", undefined, {
          json: { ...percentOff({ code: freshCode() }), [field]: value },
        });
        expectError(res, 400);
        expect(res.json.fields).toHaveProperty(field);
      }
    });
  });

  describe("GET", () => {
    it("lists every coupon by id, each with its codes", async () => {
      const a = await create(percentOff({ code: freshCode() }));
      const b = await create({ ...base, type: "free_shipping", limit: "2" });
      const res = await api(store, admin, "GET", "/coupons");
      expect(res.status).toBe(200);
      const ids = res.json.map((c: { id: number }) => c.id);
      expect(ids).toEqual([...ids].sort((x: number, y: number) => x - y));
      expect(res.json).toContainEqual(a);
      expect(res.json).toContainEqual(b);
      expect(res.json.find((c: { id: number }) => c.id === b.id).codes).toHaveLength(2);
    });

    it("an unknown id is a 404 naming it; an id that is no number too", async () => {
      const res = await api(store, admin, "GET", "/coupons/999999");
      expectError(res, 404);
      expect(res.json.error).toBe("not_found");
      expect(res.json.error_description).toContain("999999");
      expectError(await api(store, admin, "GET", "/coupons/abc"), 404);
      expectError(await api(store, admin, "PUT", "/coupons/999999", { name: "x" }), 404);
      expectError(await api(store, admin, "DELETE", "/coupons/999999"), 404);
    });

    it("other methods are a 405 with Allow", async () => {
      const list = await api(store, admin, "PATCH", "/coupons");
      expectError(list, 405);
      expect(list.res.headers.get("allow")).toBe("GET, POST");
      const one = await api(store, admin, "POST", "/coupons/1");
      expectError(one, 405);
      expect(one.res.headers.get("allow")).toBe("GET, PUT, DELETE");
    });
  });

  describe("access", () => {
    it("needs the admin scope: a storefront token gets 403 insufficient_scope", async () => {
      for (const [method, path] of [
        ["GET", "/coupons"],
        ["POST", "/coupons"],
        ["GET", "/coupons/1"],
        ["PUT", "/coupons/1"],
        ["DELETE", "/coupons/1"],
      ] as const) {
        const res = await api(store, storefront, method, path, method === "GET" ? undefined : {});
        expectError(res, 403);
        expect(res.json.error, `${method} ${path}`).toBe("insufficient_scope");
      }
    });

    it("needs manage_marketing: a user without it gets 403 forbidden, and nothing changes", async () => {
      const c = await create(percentOff({ code: freshCode() }));
      const before = await rowCount();
      for (const [method, path, form] of [
        ["GET", "/coupons", undefined],
        ["POST", "/coupons", percentOff({ code: freshCode() })],
        ["GET", `/coupons/${c.id}`, undefined],
        ["PUT", `/coupons/${c.id}`, { name: "Hijacked" }],
        ["DELETE", `/coupons/${c.id}`, undefined],
      ] as const) {
        const res = await api(store, clerk, method, path, form);
        expectError(res, 403);
        expect(res.json.error, `${method} ${path}`).toBe("forbidden");
      }
      expect(await rowCount()).toBe(before);
      expect(await get(c.id)).toEqual(c);
    });

    it("without a token: 401", async () => {
      expectError(await api(store, null, "GET", "/coupons"), 401);
    });
  });

  describe("PUT /coupons/{id}", () => {
    it("writes the terms and answers the coupon object; modified moves", async () => {
      const c = await create(percentOff({ code: freshCode() }));
      const aged = await age(c.id);
      const res = await api(store, admin, "PUT", `/coupons/${c.id}`, {
        name: "Autumn",
        percentage: "20%",
        start_date: String(START + DAY),
        end_date: String(END + DAY),
        limit: "7",
        free_ship: "true",
      });
      expect(res.status, res.text).toBe(200);
      expect(Array.isArray(res.json)).toBe(false);
      expect(res.json).toEqual({
        ...c,
        name: "Autumn",
        percentage: "20%",
        percentage_raw: 20,
        start_date: START + DAY,
        end_date: END + DAY,
        limit: 7,
        free_ship: true,
        modified: expect.any(Number),
      });
      expect(res.json.modified).toBeGreaterThan(aged);
      expect(await get(c.id)).toEqual(res.json);
    });

    it("an empty PUT changes no term (and still moves modified)", async () => {
      const c = await create(percentOff({ code: freshCode() }));
      const aged = await age(c.id);
      const res = await api(store, admin, "PUT", `/coupons/${c.id}`, {});
      expect(res.status, res.text).toBe(200);
      expect(res.json).toEqual({ ...c, modified: expect.any(Number) });
      expect(res.json.modified).toBeGreaterThan(aged);
    });

    it("dates are checked against the stored value of the one not sent", async () => {
      const c = await create(percentOff({ code: freshCode() }));
      const lateStart = await api(store, admin, "PUT", `/coupons/${c.id}`, { start_date: String(END) });
      expectError(lateStart, 422, ["start_date"]);
      expect(lateStart.json.fields.start_date).toBe("must be before end_date");
      const earlyEnd = await api(store, admin, "PUT", `/coupons/${c.id}`, { end_date: String(START - 1) });
      expectError(earlyEnd, 422, ["end_date"]);
      expect(earlyEnd.json.fields.end_date).toBe("must be after start_date");
      // Both moved at once past the stored end: fine, the pair is checked.
      const both = await api(store, admin, "PUT", `/coupons/${c.id}`, {
        start_date: String(END + DAY),
        end_date: String(END + 2 * DAY),
      });
      expect(both.status, both.text).toBe(200);
      expect(both.json).toMatchObject({ start_date: END + DAY, end_date: END + 2 * DAY });
    });

    it("a change of type needs the new type's field and drops the old type's values", async () => {
      const c = await create(percentOff({ code: freshCode(), free_ship: "true" }));
      const missing = await api(store, admin, "PUT", `/coupons/${c.id}`, { type: "flat_discount" });
      expectError(missing, 422, ["flat_rate"]);
      const flat = await api(store, admin, "PUT", `/coupons/${c.id}`, { type: "flat_discount", flat_rate: "$3" });
      expect(flat.status, flat.text).toBe(200);
      expect(flat.json).toMatchObject({
        type: "flat_discount",
        percentage: null,
        percentage_raw: null,
        flat_rate: "$3.00",
        threshold: "$0.00",
        free_ship: true,
      });
      // The stored flat_rate stays while the type does; a threshold can come alone.
      const threshold = await api(store, admin, "PUT", `/coupons/${c.id}`, { threshold: "25.00" });
      expect(threshold.json).toMatchObject({ flat_rate: "$3.00", threshold: "$25.00" });
      // A field of another type than the (resulting) one is refused.
      expectError(await api(store, admin, "PUT", `/coupons/${c.id}`, { percentage: "10" }), 422, ["percentage"]);
      const free = await api(store, admin, "PUT", `/coupons/${c.id}`, { type: "free_shipping" });
      expect(free.status, free.text).toBe(200);
      expect(free.json).toMatchObject({
        type: "free_shipping",
        free_ship: false,
        flat_rate: null,
        flat_rate_raw: null,
        threshold: null,
        threshold_raw: null,
      });
      // free_ship stays false on a free_shipping coupon.
      expect((await api(store, admin, "PUT", `/coupons/${c.id}`, { free_ship: "true" })).json.free_ship).toBe(false);
      const back = await api(store, admin, "PUT", `/coupons/${c.id}`, { type: "percentage_off", percentage: "5" });
      expect(back.json).toMatchObject({ type: "percentage_off", percentage: "5%", free_ship: false });
    });

    it("codes cannot change; read-only fields are a 422 naming them", async () => {
      const c = await create(percentOff({ code: freshCode() }));
      const code = await api(store, admin, "PUT", `/coupons/${c.id}`, { code: "NEW-CODE" });
      expectError(code, 422, ["code"]);
      expect(code.json.fields.code).toBe("cannot change: a coupon's codes are set when it is created");
      const readOnly = await api(store, admin, "PUT", `/coupons/${c.id}`, {
        id: "1",
        hits: "0",
        redeemed: "0",
        codes: "[]",
        percentage_raw: "15",
        flat_rate_raw: "1",
        threshold_raw: "1",
        currency: "USD",
        created: "0",
        modified: "0",
      });
      expectError(readOnly, 422, [
        "codes",
        "created",
        "currency",
        "flat_rate_raw",
        "hits",
        "id",
        "modified",
        "percentage_raw",
        "redeemed",
        "threshold_raw",
      ]);
      expect(await get(c.id)).toEqual(c);
    });

    it("a refused PUT changes nothing", async () => {
      const c = await create(percentOff({ code: freshCode() }));
      for (const form of [
        { name: "Changed", percentage: "0" },
        { name: "Changed", end_date: String(START) },
        { name: "Changed", type: "nonsense" },
        { name: "Changed", limit: "-3" },
      ] as Record<string, string>[]) {
        expectError(await api(store, admin, "PUT", `/coupons/${c.id}`, form), 422);
      }
      const malformed = await api(store, admin, "PUT", `/coupons/${c.id}`, undefined, {
        json: { name: "Changed", limit: [1] },
      });
      expectError(malformed, 400);
      expect(await get(c.id)).toEqual(c);
    });

    it("a coupon of generated codes keeps a limit of 1–100,000; its codes stay as they are", async () => {
      const c = await create({ ...base, type: "free_shipping", limit: "3" });
      for (const limit of ["0", "100001"]) {
        const res = await api(store, admin, "PUT", `/coupons/${c.id}`, { limit });
        expectError(res, 422, ["limit"]);
        expect(res.json.fields.limit).toMatch(/from 1 to 100,000/);
      }
      const res = await api(store, admin, "PUT", `/coupons/${c.id}`, { limit: "2" });
      expect(res.status, res.text).toBe(200);
      expect(res.json.limit).toBe(2);
      expect(res.json.codes).toEqual(c.codes);
    });

    it("a coupon with a code takes limit 0 (no limit)", async () => {
      const c = await create(percentOff({ code: freshCode(), limit: "5" }));
      const res = await api(store, admin, "PUT", `/coupons/${c.id}`, { limit: "0" });
      expect(res.status, res.text).toBe(200);
      expect(res.json.limit).toBe(0);
    });
  });

  describe("DELETE /coupons/{id}", () => {
    it("answers true; the coupon and its codes are gone, and the code is free again", async () => {
      const c = await create(percentOff({ code: "GONE-SOON" }));
      const res = await api(store, admin, "DELETE", `/coupons/${c.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.json).toBe(true);
      expectError(await api(store, admin, "GET", `/coupons/${c.id}`), 404);
      expectError(await api(store, admin, "DELETE", `/coupons/${c.id}`), 404);
      const codes = await store.database.db.select().from(couponCodes).where(eq(couponCodes.couponId, c.id));
      expect(codes).toEqual([]);
      await create(percentOff({ code: "gone-soon" }));
    });

    it("takes a coupon's generated codes with it", async () => {
      const c = await create({ ...base, type: "free_shipping", limit: "50" });
      expect((await api(store, admin, "DELETE", `/coupons/${c.id}`)).json).toBe(true);
      const codes = await store.database.db.select().from(couponCodes).where(eq(couponCodes.couponId, c.id));
      expect(codes).toEqual([]);
    });
  });
});
