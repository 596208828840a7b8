import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach } from "vitest";

/**
 * Real HTTP servers on the loopback for unit tests of the dashboard's store
 * calls: what a refusal, a dropped connection or a closed port looks like
 * depends on the socket and undici's errors, so no fetch stand-in will do.
 * Call at the top of a test file; every server is closed after each test.
 */
export function localServers() {
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(
      servers.splice(0).map((s) => {
        const closed = new Promise((resolve) => s.close(resolve));
        // A test may leave an answer unfinished (a store that stalls): close waits for no connection.
        s.closeAllConnections();
        return closed;
      }),
    );
  });

  /** A server answering with `handler`; its base address. */
  async function serve(handler: http.RequestListener): Promise<string> {
    const server = http.createServer(handler);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  /** An address where nothing listens: a server started and closed again. */
  async function closedPort(): Promise<string> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return `http://127.0.0.1:${port}`;
  }

  return { serve, closedPort };
}
