import { describe, expect, it } from "vitest";
import { DatabaseBusyError } from "../api/errors.js";
import { ClientShares, RequestShare, shareOf } from "./pool-shares.js";

/** What the API scope refuses a share with (api-v1/plugin.ts). */
const busy = () => new DatabaseBusyError();

describe("a client's share of the pool", () => {
  it("is a quarter of the pool, at least one", () => {
    expect([1, 2, 4, 7, 8, 10, 40].map(shareOf)).toEqual([1, 1, 1, 1, 2, 2, 10]);
  });

  it("a request past its client's share waits for one of that client's own, first come first served; other clients are not held", async () => {
    const shares = new ClientShares(2, busy, 4, 60_000);
    const a1 = await shares.take("a", true);
    const a2 = await shares.take("a", true);
    const order: string[] = [];
    const a3 = shares.take("a", true).then((release) => (order.push("a3"), release));
    const a4 = shares.take("a", true).then((release) => (order.push("a4"), release));
    // Another client takes its own at once.
    const b1 = await shares.take("b", true);
    expect([shares.held("a"), shares.held("b")]).toEqual([2, 1]);
    a1();
    a1(); // a release is counted once
    const release3 = await a3;
    expect(order).toEqual(["a3"]);
    expect(shares.held("a")).toBe(2);
    a2();
    (await a4)();
    release3();
    b1();
    expect([shares.held("a"), shares.held("b")]).toEqual([0, 0]);
  });

  it("past the waiting room, and for a stream, a 503 at once; a wait that lasts too long, a 503", async () => {
    const shares = new ClientShares(1, busy, 1, 50);
    const held = await shares.take("a", true);
    const waiting = shares.take("a", true);
    await expect(shares.take("a", true)).rejects.toBeInstanceOf(DatabaseBusyError);
    await expect(shares.take("a", false)).rejects.toMatchObject({
      status: 503,
      headers: { "retry-after": expect.stringMatching(/^\d+$/) },
    });
    await expect(waiting).rejects.toBeInstanceOf(DatabaseBusyError);
    held();
    expect(shares.held("a")).toBe(0);
  });

  it("one request holds one share however many connections it takes; a stream keeps it between its reads", async () => {
    const shares = new ClientShares(1, busy, 0, 50);
    const request = new RequestShare(shares, "a");
    await request.enter();
    await request.enter(); // a statement beside its transaction
    expect(shares.held("a")).toBe(1);
    request.leave();
    request.leave();
    expect(shares.held("a")).toBe(0);

    const stream = new RequestShare(shares, "a");
    const end = await stream.pin();
    await stream.enter();
    stream.leave();
    // Between two reads: still held, so another stream of the client is refused.
    expect(shares.held("a")).toBe(1);
    await expect(new RequestShare(shares, "a").pin()).rejects.toBeInstanceOf(DatabaseBusyError);
    end();
    expect(shares.held("a")).toBe(0);
  });
});
