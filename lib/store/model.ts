/**
 * What every part of the dashboard may know of a store read's outcome: plain
 * data, safe anywhere (the server-side code that makes it is ./load.ts and
 * ./errors.ts).
 */

/** A store failure as plain data, safe to hand to a client component. */
export interface StoreProblem {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string>;
}

/** A page's read of the store (./load.ts `loadFromStore`): the data, or the problem to show in its place. */
export type Loaded<T> = { ok: true; data: T } | { ok: false; problem: StoreProblem };
