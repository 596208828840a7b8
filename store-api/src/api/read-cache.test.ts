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

  describe("with the database's generation (several processes on one PostgreSQL)", () => {
    it("serves an answer only to a request that saw the generation its read saw", () => {
      const cache = new ReadCache(true);
      cache.set("/p", cache.ticket(7), answer("[1]"));
      expect(cache.get("/p", 7)?.body).toBe("[1]");
      // Another process answered a write: the request that reads the row after it sees 8.
      expect(cache.get("/p", 8)).toBeUndefined();
      // A request that read the row before that write answered may still see 7, but nothing is kept for it now.
      expect(cache.get("/p", 7)).toBeUndefined();
    });

    it("does not keep a read during which another process's write was seen (it may hold data from before the commit)", () => {
      const cache = new ReadCache(true);
      const slow = cache.ticket(7);
      // While the slow read computes, a write commits elsewhere and a request sees its bump.
      const fresh = cache.ticket(8);
      cache.set("/p", fresh, answer("[new]"));
      cache.set("/p", slow, answer("[old]"));
      expect(cache.get("/p", 8)?.body).toBe("[new]");
      cache.set("/q", slow, answer("[old]"));
      expect(cache.get("/q", 7)).toBeUndefined();
      expect(cache.get("/q", 8)).toBeUndefined();
    });

    it("forgets every answer kept under an older generation once a newer one is seen", () => {
      const cache = new ReadCache(true, 10, Number.POSITIVE_INFINITY, Date.now, { max: 100, weigh: answerBytes });
      cache.set("/a", cache.ticket(3), answer("1234"));
      cache.set("/b", cache.ticket(3), answer("1234"));
      expect(cache.size).toBe(2);
      expect(cache.get("/a", 4)).toBeUndefined();
      expect(cache.size).toBe(0);
      expect(cache.weight).toBe(0);
    });

    it("still brackets this process's own writes", () => {
      const cache = new ReadCache(true);
      const ticket = cache.ticket(5);
      cache.beginWrite();
      expect(cache.ticket(5)).toBeNull();
      cache.endWrite();
      cache.set("/p", ticket, answer("[old]"));
      expect(cache.get("/p", 5)).toBeUndefined();
    });
  });
});
