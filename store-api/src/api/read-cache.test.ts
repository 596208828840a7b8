import { describe, expect, it } from "vitest";
import { answerBytes, ReadCache } from "./read-cache.js";

const answer = (body: string) => ({ body, headers: { "x-total-count": "1" } });

describe("the read cache", () => {
  it("serves what a read kept, until a write ends", () => {
    const cache = new ReadCache(true);
    cache.set("/p", cache.ticket(), answer("[1]"));
    expect(cache.get("/p")?.body).toBe("[1]");
    cache.beginWrite();
    cache.endWrite();
    expect(cache.get("/p")).toBeUndefined();
  });

  it("serves and keeps nothing while a write runs", () => {
    const cache = new ReadCache(true);
    cache.set("/p", cache.ticket(), answer("[1]"));
    cache.beginWrite();
    expect(cache.get("/p")).toBeUndefined();
    expect(cache.ticket()).toBeNull();
    cache.set("/q", cache.ticket(), answer("[2]"));
    cache.endWrite();
    expect(cache.get("/q")).toBeUndefined();
  });

  it("does not keep a read that a write overlapped (it may hold data from before the commit)", () => {
    const cache = new ReadCache(true);
    const ticket = cache.ticket();
    cache.beginWrite();
    cache.endWrite();
    cache.set("/p", ticket, answer("[old]"));
    expect(cache.get("/p")).toBeUndefined();
  });

  it("write() brackets a job, failing or not", async () => {
    const cache = new ReadCache(true);
    cache.set("/p", cache.ticket(), answer("[1]"));
    await expect(
      cache.write(async () => {
        expect(cache.ticket()).toBeNull();
        throw new Error("job failed");
      }),
    ).rejects.toThrow("job failed");
    expect(cache.get("/p")).toBeUndefined();
    expect(cache.ticket()).not.toBeNull();
  });

  it("forgets the least recently used answer past its capacity", () => {
    const cache = new ReadCache(true, 2);
    cache.set("/a", cache.ticket(), answer("a"));
    cache.set("/b", cache.ticket(), answer("b"));
    cache.get("/a");
    cache.set("/c", cache.ticket(), answer("c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body).toBe("a");
    expect(cache.get("/c")?.body).toBe("c");
    expect(cache.size).toBe(2);
  });

  it("forgets an answer older than its maximum age", () => {
    let now = 1_000;
    const cache = new ReadCache(true, 10, 5_000, () => now);
    cache.set("/p", cache.ticket(), answer("[1]"));
    now += 5_000;
    expect(cache.get("/p")?.body).toBe("[1]");
    now += 1;
    expect(cache.get("/p")).toBeUndefined();
  });

  it("keeps nothing when turned off", () => {
    const cache = new ReadCache(false);
    cache.set("/p", cache.ticket(), answer("[1]"));
    expect(cache.get("/p")).toBeUndefined();
  });

  it("keeps answers within a weight, the least recently used going first, and none heavier than all of it", () => {
    const cache = new ReadCache(true, 100, Number.POSITIVE_INFINITY, Date.now, { max: 10, weigh: answerBytes });
    cache.set("/a", cache.ticket(), answer("1234"));
    cache.set("/b", cache.ticket(), answer("1234"));
    expect(cache.get("/a")?.body).toBe("1234");
    cache.set("/c", cache.ticket(), answer("1234"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body).toBe("1234");
    expect(cache.weight).toBe(8);
    cache.set("/huge", cache.ticket(), answer("12345678901"));
    expect(cache.get("/huge")).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.beginWrite();
    cache.endWrite();
    expect(cache.weight).toBe(0);
  });
});
