import { describe, expect, it } from "vitest";
import { clientKey } from "./login-limiter.js";

describe("clientKey", () => {
  it("counts an IPv4 address, mapped or not, as itself", () => {
    expect(clientKey("203.0.113.9")).toBe("203.0.113.9");
    expect(clientKey("::ffff:203.0.113.9")).toBe("203.0.113.9");
  });

  it("counts an IPv6 address by its /64", () => {
    expect(clientKey("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
