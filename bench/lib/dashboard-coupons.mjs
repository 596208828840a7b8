// Run by bench/coupons-list.mjs in a process of its own (`node --import tsx`): one of the dashboard
// server's coupons reads (lib/store/coupons/api.ts) against a store, or the read it replaced (the
// whole answer as text, JSON.parse, then the schema), and this process's peak resident memory above
// what it held before (Linux: /proc/self/status VmHWM). Prints one line of JSON.
//
//   node --import tsx bench/lib/dashboard-coupons.mjs <store base> <token> list|list-whole|codes|codes-whole [id]
//
// lib/store's modules start with `import "server-only"`, which Next.js resolves itself: here it is
// an empty module (BENCH_SERVER_ONLY_SHIM names one).
import fs from "node:fs";
import Module from "node:module";

const shim = process.env.BENCH_SERVER_ONLY_SHIM;
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === "server-only" ? shim : resolveFilename.call(this, request, ...rest);
};

const [base, token, mode, id] = process.argv.slice(2);
const { z } = await import("zod");
const { StoreClient } = await import("../../lib/store/client.ts");
const api = await import("../../lib/store/coupons/api.ts");
const { storeCouponSchema, toCoupon, toCouponWithCodes } = await import("../../lib/store/coupons/schema.ts");
const { codeRow } = await import("../../lib/store/coupons/model.ts");

const kB = (field) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync("/proc/self/status", "utf8"))[1]);
const store = new StoreClient({ baseUrl: base, accessToken: token, timeoutMs: 600_000 });
const request = { path: "/api/v1/coupons", permission: "manage_marketing", resource: "coupon" };

const reads = {
  list: async () => (await api.listCoupons(store)).length,
  "list-whole": async () =>
    (await store.request({ ...request, schema: z.array(storeCouponSchema.transform(toCoupon)) })).length,
  codes: async () => {
    let bytes = 0;
    for await (const piece of await api.couponCodeRows(store, id)) bytes += piece.length;
    return bytes;
  },
  "codes-whole": async () => {
    const coupon = await store.request({
      ...request,
      path: `/api/v1/coupons/${id}`,
      schema: storeCouponSchema.transform(toCouponWithCodes),
    });
    return JSON.stringify(coupon.codeList.map(codeRow)).length;
  },
};

fs.writeFileSync("/proc/self/clear_refs", "5");
const idle = kB("VmRSS");
const started = performance.now();
const result = await reads[mode]();
const ms = performance.now() - started;
console.log(JSON.stringify({ mode, result, ms, idleMB: idle / 1024, aboveMB: (kB("VmHWM") - idle) / 1024 }));
