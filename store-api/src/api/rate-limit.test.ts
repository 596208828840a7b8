import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.js";

describe("RateLimiter", () => {
  it("allows a burst of twice the rate, then asks to wait, then refills", () => {
    let t = 0;
    const limiter = new RateLimiter(2, () => t);
    const results = Array.from({ length: 5 }, () => limiter.take("a"));
    expect(results).toEqual([0, 0, 0, 0, 1]);
    expect(limiter.take("b")).toBe(0); // keys are independent
    t = 0.5; // one token back
    expect(limiter.take("a")).toBe(0);
    expect(limiter.take("a")).toBe(1);
  });

  it("is off at rate 0", () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 1000; i++) expect(limiter.take("a")).toBe(0);
  });
});
