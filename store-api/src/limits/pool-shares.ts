import { AsyncLocalStorage } from "node:async_hooks";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type pg from "pg";

/**
 * A client's share of the database (docs/architecture.md#a-clients-share-of-the-database).
 *
 * The pool has `STORE_API_DATABASE_POOL` connections (10); no client (a
 * signed-in user, whatever tokens it holds) may hold more than a quarter of
 * them at once, whatever it reads or streams, so that one client, slow or
 * hostile, cannot take the store from everyone else (the probe `/readyz`
 * included). A request of the API counts as one share from the moment it
 * takes its first connection until it gives its last back (one transaction a
 * request: one connection at a time); a streamed answer (the coupons) holds
 * its share from its first read until the answer ends, between its reads too,
 * as it comes back for a connection every batch. Past the share:
 *
 * - a request that wants a connection waits for one of its client's own
 *   shares, as it would for the pool's (at most `waitMs`, with at most
 *   `maxWaiting` others of its client), then is answered 503 with Retry-After;
 * - a stream is answered 503 at once: the shares it would wait for are held by
 *   answers that may take long.
 *
 * Both before the request takes a connection. On the embedded database (one
 * connection, every statement in turn) only the streams count: there the
 * number is a bound on what a client keeps open, not on connections.
 */

/** A client's share of a pool of `pool` connections: a quarter, at least one. */
export function shareOf(pool: number): number {
  return Math.max(1, Math.floor(pool / 4));
}

interface ClientState {
  held: number;
  waiting: { grant: () => void; timer: NodeJS.Timeout }[];
}

/** Every client's shares in this process. */
export class ClientShares {
  private readonly clients = new Map<string, ClientState>();

  constructor(
    /** Shares a client may hold at once. */
    readonly perClient: number,
    /**
     * The error a refused request gets: the API scope passes its 503 with Retry-After
     * (DatabaseBusyError, api/errors.ts), an error model this folder sits below.
     */
    private readonly refuse: () => Error,
    /** Requests of one client that may wait for its share; past them, a 503 at once. */
    readonly maxWaiting = 16,
    /** How long a request waits for its client's share (as long as for a connection of the pool). */
    readonly waitMs = 3000,
  ) {}

  /** Shares `client` holds now (tests and metrics). */
  held(client: string): number {
    return this.clients.get(client)?.held ?? 0;
  }

  /**
   * Takes one of `client`'s shares, waiting for one (`wait`) or not; resolves
   * with its release (idempotent). Refused with `refuse`'s error.
   */
  async take(client: string, wait: boolean): Promise<() => void> {
    let state = this.clients.get(client);
    if (!state) this.clients.set(client, (state = { held: 0, waiting: [] }));
    if (state.held >= this.perClient) {
      if (!wait || state.waiting.length >= this.maxWaiting) throw this.refuse();
      await new Promise<void>((resolve, reject) => {
        const entry = {
          // The share passes straight to the waiter: `held` never goes past the cap, nobody overtakes.
          grant: () => {
            clearTimeout(entry.timer);
            resolve();
          },
          timer: setTimeout(() => {
            state.waiting.splice(state.waiting.indexOf(entry), 1);
            reject(this.refuse());
          }, this.waitMs),
        };
        state.waiting.push(entry);
      });
    } else {
      state.held++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      if (next) return next.grant();
      state.held--;
      if (!state.held) this.clients.delete(client);
    };
  }
}

/** One request's hold on its client's share. */
export class RequestShare {
  /** Connections the request holds now. */
  private connections = 0;
  private pins = 0;
  private release: (() => void) | null = null;
  private taking: Promise<void> | null = null;

  constructor(
    private readonly shares: ClientShares,
    readonly client: string,
  ) {}

  private async hold(wait: boolean): Promise<void> {
    if (this.release) return;
    // Two connections of one request at once (a statement beside its transaction) take one share.
    this.taking ??= this.shares.take(this.client, wait).then(
      (release) => {
        this.release = release;
        this.taking = null;
      },
      (err: unknown) => {
        this.taking = null;
        throw err;
      },
    );
    await this.taking;
  }

  private letGo(): void {
    if (this.connections || this.pins) return;
    this.release?.();
    this.release = null;
  }

  /** Before the request takes a connection: its share, waited for. */
  async enter(): Promise<void> {
    this.connections++;
    try {
      await this.hold(true);
    } catch (err) {
      this.connections--;
      throw err;
    }
  }

  /** The request gave a connection back. */
  leave(): void {
    this.connections--;
    this.letGo();
  }

  /**
   * The share held for as long as a stream lasts, taken at once or refused
   * (the shares' `refuse`); resolves with its end (idempotent).
   */
  async pin(): Promise<() => void> {
    await this.hold(false);
    this.pins++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.pins--;
      this.letGo();
    };
  }
}

const current = new AsyncLocalStorage<RequestShare>();
const byRequest = new WeakMap<FastifyRequest, RequestShare>();

/** The request's share (set in the API's preHandler), if it is an API request with a token. */
export function shareOfRequest(request: FastifyRequest): RequestShare | undefined {
  return byRequest.get(request);
}

/**
 * Gives every authenticated request of the API scope `api` its share of the
 * database, entered as the async context of its handler (db/index.ts reads it
 * as a connection is taken): in a preHandler, since authentication is an
 * onRequest hook, whose context does not reach the handler.
 */
export function shareDatabase(api: FastifyInstance, shares: ClientShares): void {
  api.addHook("preHandler", (request, _reply, done) => {
    if (!request.auth) return done();
    const share = new RequestShare(shares, `user:${request.auth.user.id}`);
    byRequest.set(request, share);
    current.run(share, done);
  });
}

type ConnectCallback = (err: Error | undefined, client?: pg.PoolClient, release?: (err?: Error) => void) => void;

/**
 * Makes `pool` take the current request's share before a connection, and
 * give it back with the connection (pool.query takes its connection through
 * pool.connect too). Outside a request (jobs, the probes, what runs before a
 * request is authenticated) connections are taken as before.
 */
export function gateConnections(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const gated = (callback?: ConnectCallback): Promise<pg.PoolClient> | undefined => {
    const share = current.getStore();
    const taken = !share
      ? connect()
      : share.enter().then(() =>
          connect().then(
            (client) => {
              // pg-pool sets release at every checkout: wrapped here, for this checkout only.
              const release = client.release.bind(client);
              let left = false;
              client.release = (err?: Error | boolean) => {
                if (!left) {
                  left = true;
                  share.leave();
                }
                return release(err);
              };
              return client;
            },
            (err: unknown) => {
              share.leave();
              throw err;
            },
          ),
        );
    if (!callback) return taken;
    taken.then(
      (client) => callback(undefined, client, client.release),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
    return undefined;
  };
  // pg's connect has a promise and a callback form; both go through `gated`.
  (pool as unknown as { connect: typeof gated }).connect = gated;
}
