// A "plain store" for the e2e tests: a proxy in front of the bundled store that
// takes away the bundled store's extensions (docs/contract.md#extensions) and
// answers the contract's open points differently, the way another store that
// follows the specification might:
//   - the token response has no `user` and no `expires_in` (only the spec's `expire_in`);
//   - there is no /oauth2/revoke (404);
//   - creating a user answers 200, not 201; an update answers a list holding the item;
//   - DELETE answers 204 with no body;
//   - errors are plain text, not the JSON error model (401 stays 401);
//   - orders carry neither of the orders extensions (docs/contract.md#orders): no
//     `cancelled`, and no `payment_gateway` key on API orders (null is left out), so
//     the dashboard cannot tell API orders or cancelled ones; and cancelling an
//     order that is already cancelled is refused (422), as a store may do with a
//     change that cannot be made twice (the bundled store answers it unchanged);
//     and a fulfilled order cannot be taken back to unfulfilled (`fulfilled=false` is
//     refused, 422): the specification shows fulfilling and no way back, so a store may
//     not offer the undo that the bundled store does (docs/contract.md#orders);
//     and the orders lists send no X-Total-Count;
//   - nor do the products lists (the bulk grid then pages until a short page);
//   - the coupons list takes no `code` (docs/contract.md#extensions): the parameter is
//     ignored, as a store ignores one it does not know, and every coupon comes back,
//     without X-Coupon-Code-Filter; nor do the orders lists take `q` (the customer search):
//     every order comes back, without X-Order-Search;
//   - nor do the products lists take `q` (the product search, on /products and a category's list): every
//     product comes back, without X-Product-Search;
//   - the product reads carry no entity tag (docs/contract.md#extensions): no ETag, no X-Catalogue-Version,
//     and If-None-Match is not passed on, so every read answers 200 with its body, never 304; and there is
//     no list of the catalogue's changes (GET /api/v1/products_changes: 404);
//   - an order's GET has no X-Order-Fulfilment, and its PUT takes `fulfilled` and `cancelled` only: a
//     shipment (`carrier`, `service`, `tracking_number`, `ship_date`) or `notify` is refused (422), as
//     the contract's rule for any other field says (docs/contract.md#orders).
// The dashboard must work against it all the same.
import http from "node:http";

function send(res, status, headers, body) {
  const out = { ...headers };
  delete out["content-length"];
  delete out["transfer-encoding"];
  delete out["content-encoding"];
  if (body.length) out["content-length"] = String(body.length);
  res.writeHead(status, out);
  res.end(body);
}

/** An order of the API without the extensions: no `cancelled`, no `payment_gateway: null`. */
function plainOrder(value) {
  if (value && typeof value === "object" && "order_number" in value) {
    delete value.cancelled;
    if (value.payment_gateway === null) delete value.payment_gateway;
  }
  return value;
}

function plainOrders(body) {
  const json = JSON.parse(body.toString("utf8"));
  return Buffer.from(JSON.stringify(Array.isArray(json) ? json.map(plainOrder) : plainOrder(json)));
}

function transform(req, status, headers, body) {
  const path = req.url.split("?")[0];
  // Nor the catalogue's changes since a version (docs/contract.md#extensions): no such path.
  if (path === "/oauth2/revoke" || path === "/api/v1/products_changes")
    return [404, { "content-type": "text/plain" }, Buffer.from("Not Found")];
  if (path === "/oauth2/access_token" && status === 200) {
    const json = JSON.parse(body.toString("utf8"));
    delete json.user;
    delete json.expires_in;
    return [200, headers, Buffer.from(JSON.stringify(json))];
  }
  if (!path.startsWith("/api/v1/")) return [status, headers, body];
  if (status >= 400) {
    let sentence = "Request failed";
    try {
      sentence = JSON.parse(body.toString("utf8")).error_description ?? sentence;
    } catch {}
    const plain = { ...headers, "content-type": "text/plain; charset=utf-8" };
    return [status, plain, Buffer.from(status === 401 ? "Unauthorized" : `Error: ${sentence}`)];
  }
  if (path.startsWith("/api/v1/orders") && /json/.test(headers["content-type"] ?? "")) body = plainOrders(body);
  // Nor a total of the orders and products lists: the dashboard pages until a short page.
  if (path.startsWith("/api/v1/orders") || path.startsWith("/api/v1/products")) delete headers["x-total-count"];
  delete headers["x-coupon-code-filter"];
  delete headers["x-order-search"];
  delete headers["x-product-search"];
  delete headers.etag;
  delete headers["x-catalogue-version"];
  delete headers["x-order-fulfilment"];
  if (req.method === "POST" && status === 201) return [200, headers, body];
  if (req.method === "PUT" && status === 200) {
    const json = JSON.parse(body.toString("utf8"));
    return [200, headers, Buffer.from(JSON.stringify(Array.isArray(json) ? json : [json]))];
  }
  if (req.method === "DELETE" && status === 200)
    return [204, { ...headers, "content-type": undefined }, Buffer.alloc(0)];
  return [status, headers, body];
}

/** What `req` (with its `body`) sets on an order: PUT /api/v1/orders/{n} with `cancelled` and/or `fulfilled`. */
function orderChange(req, body) {
  if (req.method !== "PUT" || !/^\/api\/v1\/orders\/\d+$/.test(req.url.split("?")[0])) return null;
  const form = new URLSearchParams(body.toString("utf8"));
  const flag = (name) => {
    const value = form.get(name);
    return value === null ? undefined : /^(true|1)$/i.test(value);
  };
  const extension = ["carrier", "service", "tracking_number", "ship_date", "notify"].find((name) => form.has(name));
  return { cancelled: flag("cancelled"), fulfilled: flag("fulfilled"), extension };
}

/** Reads the order at `path` from the store with the request's own token (null when it cannot). */
function readOrder(upstream, req) {
  return new Promise((resolve) => {
    const check = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: "GET",
        path: req.url.split("?")[0],
        headers: { authorization: req.headers.authorization ?? "", accept: "application/json" },
      },
      (up) => {
        const chunks = [];
        up.on("data", (c) => chunks.push(c));
        up.on("end", () => {
          try {
            resolve(up.statusCode === 200 ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : null);
          } catch {
            resolve(null);
          }
        });
      },
    );
    check.on("error", () => resolve(null));
    check.end();
  });
}

/** The plain store's refusal of a change to an order that it does not make, or null to pass it on. */
async function refusedOrderChange(upstream, req, body) {
  const change = orderChange(req, body);
  if (change?.extension) return `Error: ${change.extension} cannot be changed`;
  if (!change || (change.cancelled !== true && change.fulfilled !== false)) return null;
  const order = await readOrder(upstream, req);
  if (change.cancelled === true && order?.cancelled === true) return "Error: the order is already cancelled";
  if (change.fulfilled === false && order?.fulfilled === true)
    return "Error: a fulfilled order cannot be taken back to unfulfilled";
  return null;
}

/** The products lists (and a product's read): /products and /products/{key or category slug}. */
const PRODUCT_READ = /^\/api\/v1\/products(\/[^/]+)?$/;

/**
 * Where a request goes upstream: the coupons list without its `code` filter, the orders and products lists
 * without their search `q` (extensions a plain store lacks: it ignores what it does not know).
 */
function upstreamPath(url) {
  const [path, query] = url.split("?");
  if (query === undefined) return url;
  const filter =
    path === "/api/v1/coupons"
      ? "code"
      : /^\/api\/v1\/orders(\/[a-z]+)?$/.test(path) || PRODUCT_READ.test(path)
        ? "q"
        : null;
  if (!filter) return url;
  const params = new URLSearchParams(query);
  params.delete(filter);
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** The request's headers without If-None-Match (a plain store knows no entity tags). */
function withoutConditions(headers) {
  const out = { ...headers };
  delete out["if-none-match"];
  return out;
}

/** Starts the proxy on `port`, forwarding to the store at `target` (http://host:port). */
export function startPlainStore(port, target) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const refusal = await refusedOrderChange(upstream, req, Buffer.concat(chunks));
      if (refusal) {
        send(res, 422, { "content-type": "text/plain; charset=utf-8" }, Buffer.from(refusal));
        return;
      }
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: upstreamPath(req.url),
          // The Host the browser used passes through, as a reverse proxy keeps it: the
          // store's forms accept a POST from the address the request reached (its Origin check).
          // If-None-Match does not: a plain store has no entity tags, and answers every read in full.
          headers: withoutConditions(req.headers),
        },
        (up) => {
          const body = [];
          up.on("data", (c) => body.push(c));
          up.on("end", () => {
            const headers = Object.fromEntries(Object.entries(up.headers).filter(([, v]) => v !== undefined));
            try {
              const [status, h, b] = transform(req, up.statusCode ?? 502, headers, Buffer.concat(body));
              send(res, status, Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined)), b);
            } catch (err) {
              send(res, 502, { "content-type": "text/plain" }, Buffer.from(`plain-store proxy: ${err.message}`));
            }
          });
        },
      );
      forward.on("error", (err) =>
        send(res, 502, { "content-type": "text/plain" }, Buffer.from(`plain-store proxy: ${err.message}`)),
      );
      forward.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}
