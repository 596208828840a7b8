import { describe, expect, it, vi } from "vitest";
// It drives the real store client over real sockets on purpose.
import { StoreClient } from "./store/client";
import { failureFrom } from "./store/errors";
import { updateUser } from "./store/users/api";
import { localServers } from "./testing/local-server";
import { writeFailureMessage } from "./write-failure";

// Next resolves "server-only" itself; outside Next it is an empty module.
vi.mock("server-only", () => ({}));

// Real sockets and the real users calls: what the Users page says after a
// failed write depends on how the request failed on the wire.
const { serve, closedPort } = localServers();

const deactivate = { failed: "deactivate ann@example.com", happened: "the deactivation of ann@example.com" };

/** The Users page's sentence for a deactivation sent to the store at `url`. */
async function messageFor(url: string, write = (store: StoreClient) => updateUser(store, "7", { is_active: false })) {
  const store = new StoreClient({ baseUrl: url, accessToken: "t", timeoutMs: 5000 });
  const error = await write(store).then(
    () => {
      throw new Error("expected the write to fail");
    },
    (e: unknown) => e,
  );
  return writeFailureMessage(failureFrom(error, { where: "test" }), deactivate);
}

describe("what the Users page says after a failed write", () => {
  it("says nothing was changed when the store refuses", async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(403, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "forbidden", error_description: "manage_users permission required" }));
    });
    expect(await messageFor(url)).toEqual({
      text: "Could not deactivate ann@example.com. Your store account lacks the permission to manage users. Nothing was changed.",
      reread: false,
    });
  });

  it("says nothing was changed when the store could not be reached", async () => {
    expect(await messageFor(await closedPort())).toMatchObject({ reread: false, text: /Nothing was changed\.$/ });
  });

  it("cannot tell, and re-reads, when the store drops the connection after taking the request", async () => {
    const url = await serve((req, res) => {
      req.resume();
      req.on("end", () => res.socket?.destroy());
    });
    const message = await messageFor(url);
    expect(message).toEqual({
      text: "Store Admin could not tell whether the deactivation of ann@example.com happened; here is what the store holds now.",
      reread: true,
    });
    expect(message.text).not.toMatch(/Nothing was changed/);
  });

  it("cannot tell, and re-reads, after a server error", async () => {
    const url = await serve((req, res) => {
      req.resume();
      res.writeHead(500, { "content-type": "text/plain" });
      res.end("boom");
    });
    const message = await messageFor(url);
    expect(message.reread).toBe(true);
    expect(message.text).toMatch(/^Store Admin could not tell whether/);
  });
});
