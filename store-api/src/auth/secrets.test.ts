import { describe, expect, it } from "vitest";
import { SIGN_IN_DEFAULTS } from "../config.js";
import {
  configurePasswordHashing,
  hashPassword,
  needsRehash,
  passwordHashingLoad,
  PasswordHashingBusyError,
  verifyPassword,
} from "./secrets.js";

describe("password hashing", () => {
  it("defaults to OWASP's scrypt parameters (N=2^17, r=8, p=1)", async () => {
    expect(SIGN_IN_DEFAULTS.scryptLogN).toBe(17);
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
  });

  it("marks weaker or unreadable hashes for an upgrade", async () => {
    configurePasswordHashing({ logN: 12 });
    const weak = await hashPassword("pw", { N: 2 ** 10, r: 8, p: 1 });
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("pw"))).toBe(false);
    expect(needsRehash("bcrypt$whatever")).toBe(true);
    expect(await verifyPassword("pw", weak)).toBe(true);
    // A corrupt row asking for absurd memory is refused, not run.
    expect(await verifyPassword("pw", weak.replace("$1024$", "$1073741824$"))).toBe(false);
  });

  it("runs at most the cap at once and refuses sign-in checks past the waiting room", async () => {
    configurePasswordHashing({ logN: 12, maxRunning: 1, maxWaiting: 1 });
    const hash = await hashPassword("pw");
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verifyPassword("pw", hash)));
    expect(results.filter((r) => r.status === "fulfilled" && r.value)).toHaveLength(2);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PasswordHashingBusyError);
    // Setting a password waits for a slot instead.
    const hashes = await Promise.all(Array.from({ length: 4 }, () => hashPassword("pw")));
    expect(hashes).toHaveLength(4);
    expect(passwordHashingLoad().running).toBe(0);
  });
});
