// A "plain store" for the e2e tests: a proxy in front of the bundled store that
// takes away the bundled store's extensions (docs/contract.md#extensions) and
// answers the contract's open points differently, the way another store that
// follows the specification might:
//   - the token response has no `user` and no `expires_in` (only the spec's `expire_in`);
//   - there is no /oauth2/revoke (404);
//   - creating a user answers 200, not 201; an update answers a list holding the item;
//   - DELETE answers 204 with no body;
//   - errors are plain text, not the JSON error model (401 stays 401).
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

function transform(req, status, headers, body) {
  const path = req.url.split("?")[0];
  if (path === "/oauth2/revoke") return [404, { "content-type": "text/plain" }, Buffer.from("Not Found")];
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
  if (req.method === "POST" && status === 201) return [200, headers, body];
  if (req.method === "PUT" && status === 200) {
    const json = JSON.parse(body.toString("utf8"));
    return [200, headers, Buffer.from(JSON.stringify(Array.isArray(json) ? json : [json]))];
  }
  if (req.method === "DELETE" && status === 200)
    return [204, { ...headers, "content-type": undefined }, Buffer.alloc(0)];
  return [status, headers, body];
}

/** Starts the proxy on `port`, forwarding to the store at `target` (http://host:port). */
export function startPlainStore(port, target) {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          // The Host the browser used passes through, as a reverse proxy keeps it: the
          // store's forms accept a POST from the address the request reached (its Origin check).
          headers: req.headers,
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
