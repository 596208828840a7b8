import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain ES module of the scripts, without types
import { nginxConf } from "./cluster.mjs";

/**
 * The cluster's nginx (scripts/cluster.mjs) in front of a server that echoes the headers it got: a
 * client's X-Forwarded-Host, X-Forwarded-Port and Forwarded never reach the store or the dashboard,
 * which trust this proxy's word (docs/architecture.md#running-at-scale).
 */
const NGINX = "/usr/sbin/nginx";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

describe.skipIf(!fs.existsSync(NGINX))("the cluster's nginx", () => {
  let dir: string;
  let echo: http.Server;
  let nginx: ReturnType<typeof spawn>;
  let storePort: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cluster-nginx-"));
    echo = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    const upstream = (echo.address() as AddressInfo).port;
    storePort = await freePort();
    const conf = path.join(dir, "nginx.conf");
    fs.writeFileSync(
      conf,
      nginxConf(dir, { storePort, dashboardPort: await freePort(), stores: [upstream], dashboards: [upstream] }),
    );
    nginx = spawn(NGINX, ["-c", conf, "-p", dir, "-e", path.join(dir, "error.log")], { stdio: "ignore" });
    // Until it listens (a hang guard: the test's own time limit).
    for (;;) {
      const up = await fetch(`http://127.0.0.1:${storePort}/`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    nginx?.kill();
    await new Promise((resolve) => echo?.close(resolve));
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("clears the forwarding headers a client sends, and appends to X-Forwarded-For", async () => {
    const res = await fetch(`http://127.0.0.1:${storePort}/products`, {
      headers: {
        "x-forwarded-host": "evil.example",
        "x-forwarded-port": "8443",
        forwarded: "for=1.2.3.4;host=evil.example;proto=https",
        "x-forwarded-for": "1.2.3.4",
      },
    });
    const seen = (await res.json()) as Record<string, string | undefined>;
    expect(seen["x-forwarded-host"]).toBeUndefined();
    expect(seen["x-forwarded-port"]).toBeUndefined();
    expect(seen.forwarded).toBeUndefined();
    expect(seen["x-forwarded-for"]).toBe("1.2.3.4, 127.0.0.1");
    expect(seen["x-forwarded-proto"]).toBe("http");
    expect(seen.host).toBe(`127.0.0.1:${storePort}`);
  });
});
