import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkLiteralAddress,
  downloadToFile,
  FetchError,
  type FetchPolicy,
  isPrivateAddress,
  postJson,
} from "./fetch.js";

/**
 * The SSRF guard's address rules (docs/contract.md#uploads), on both paths: an
 * IP literal checked as written, and a name checked against every address it
 * resolves to (DNS stood in for by the policy, so nothing is ever connected to).
 */

/** Addresses that carry a loopback, private or link-local IPv4 address, or sit in a refused IPv6 range. */
const REFUSED_V6 = [
  // IPv4-compatible (::/96), every spelling of 127.0.0.1, and public ones too: the range is refused whole.
  "::127.0.0.1",
  "::7f00:1",
  "0:0:0:0:0:0:7f00:1",
  "::0:7f00:1",
  "::a9fe:a9fe",
  "::8.8.8.8",
  "::",
  "::1",
  "0:0:0:0:0:0:0:1",
  // IPv4-mapped (::ffff:0:0/96), every spelling, public ones too.
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::FFFF:7F00:1",
  "0:0:0:0:0:ffff:7f00:1",
  "0000:0000:0000:0000:0000:ffff:127.0.0.1",
  "::0:ffff:7f00:1",
  "::ffff:a9fe:a9fe",
  "::ffff:8.8.8.8",
  // IPv4-translated (::ffff:0:0:0/96).
  "::ffff:0:7f00:1",
  "::ffff:0:8.8.8.8",
  // Teredo (2001::/32) hides a client address; the rest of 2001::/23 is IETF protocol assignments.
  "2001::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  "2001:0000:53aa:64c:0:0:0:1",
  "2001:2::1",
  "2001:1ff::1",
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carrying a blocked IPv4 address, in several spellings.
  "64:ff9b::127.0.0.1",
  "64:ff9b::7f00:1",
  "64:ff9b:0:0:0:0:a00:1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::8.8.8.8",
  "2002:a00::1",
  "2002:a00:1::1",
  "2002:7f00:1::",
  "2002::1",
  "2002:a9fe:a9fe:0:0:0:0:1",
  // Others.
  "fe80::1%eth0",
  "fd00::1",
  "2001:db8::1",
  "3fff::1",
  "ff02::1",
];

const PUBLIC_V6 = [
  "2606:4700::1111",
  "2a00:1450:4001:80b::200e",
  "64:ff9b::8.8.8.8",
  "64:ff9b::808:808",
  "2002:808:808::1",
  "2001:200::1", // outside 2001::/23
  "2001:4860:4860::8888",
];

describe("isPrivateAddress", () => {
  it("refuses IPv4-compatible, IPv4-mapped and -translated, Teredo and IETF ranges, and embedded private IPv4", () => {
    for (const address of REFUSED_V6) expect(isPrivateAddress(address), address).toBe(true);
  });

  it("lets public addresses through, NAT64 and 6to4 of a public IPv4 address included", () => {
    for (const address of PUBLIC_V6) expect(isPrivateAddress(address), address).toBe(false);
    for (const address of ["8.8.8.8", "93.184.216.34", "172.32.0.1"]) expect(isPrivateAddress(address)).toBe(false);
  });

  it("refuses what is no address", () => {
    for (const text of ["", "localhost", "::ffff:1.2.3", "1:2:3:4:5:6:7:8:9", "2002:::1"])
      expect(isPrivateAddress(text), text).toBe(true);
  });
});

describe("the guard, on both paths", () => {
  const strict: FetchPolicy = { allowPrivate: false };

  it("refuses the new ranges as URL literals, however the URL spells them", () => {
    for (const host of [
      "[::127.0.0.1]",
      "[::7f00:1]",
      "[0:0:0:0:0:ffff:7f00:1]",
      "[::ffff:127.0.0.1]",
      "[::ffff:0:7f00:1]",
      "[2001:0:4136:e378:8000:63bf:3fff:fdd2]",
      "[2002:a00::1]",
      "[64:ff9b::7f00:1]",
    ]) {
      const url = new URL(`http://${host}/a.jpg`);
      expect(() => checkLiteralAddress(url, strict), host).toThrow(/refused: not a public address/);
    }
  });

  it("refuses a name resolving to one, and names only the host, never the address", async () => {
    const file = path.join(os.tmpdir(), `guard-${process.pid}-${Date.now()}`);
    try {
      for (const address of ["::7f00:1", "::ffff:a00:1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2002:a00::1"]) {
        const resolved = [
          { address: "93.184.216.34", family: 4 },
          { address, family: 6 },
        ];
        const policy: FetchPolicy = { allowPrivate: false, resolve: async () => resolved };
        const download = downloadToFile("http://images.example.test/a.jpg", file, {
          maxBytes: 1000,
          timeoutMs: 5000,
          policy,
        });
        await expect(download, address).rejects.toThrow("images.example.test refused: not a public address");
        const message = await download.catch((err: Error) => err.message);
        expect(message).not.toContain(address);
        const callback = postJson("http://hooks.example.test/cb", {}, { timeoutMs: 5000, policy });
        await expect(callback).rejects.toThrow(/^hooks\.example\.test refused: not a public address$/);
      }
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe("a host that cannot be reached", () => {
  it("says why in words; a name that does not exist fails at once, other network errors are tried again", async () => {
    const file = path.join(os.tmpdir(), `unreachable-${process.pid}-${Date.now()}`);
    const failing = (code: string): FetchPolicy => ({
      allowPrivate: false,
      resolve: async () => {
        throw Object.assign(new Error(`getaddrinfo ${code} x`), { code });
      },
    });
    const attempt = (code: string): Promise<FetchError> =>
      downloadToFile("https://images.example.invalid/a.jpg", file, {
        maxBytes: 1000,
        timeoutMs: 5000,
        policy: failing(code),
      }).then(
        () => {
          throw new Error("the download should have failed");
        },
        (err: unknown) => err as FetchError,
      );
    try {
      const missing = await attempt("ENOTFOUND");
      expect(missing).toBeInstanceOf(FetchError);
      expect(missing.message).toBe("could not be reached: its host name does not exist (ENOTFOUND)");
      expect(missing.transient).toBe(false);
      const later = await attempt("EAI_AGAIN");
      expect(later.message).toBe("could not be reached: its host name could not be looked up just now (EAI_AGAIN)");
      expect(later.transient).toBe(true);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});
