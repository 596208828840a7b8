import { Writable } from "node:stream";

/** The store's log lines (pino's JSON), captured through the logger's stream. */
export class LogCapture {
  readonly lines: Record<string, unknown>[] = [];
  text = "";
  private waiters: { test: (line: Record<string, unknown>) => boolean; resolve: () => void }[] = [];
  readonly stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      const text = chunk.toString("utf8");
      this.text += text;
      for (const raw of text.split("\n").filter(Boolean)) {
        const line = JSON.parse(raw) as Record<string, unknown>;
        this.lines.push(line);
        this.waiters = this.waiters.filter((w) => (w.test(line) ? (w.resolve(), false) : true));
      }
      done();
    },
  });

  /** Resolves once a line matching `test` has been written (at once if one was). */
  waitFor(test: (line: Record<string, unknown>) => boolean): Promise<void> {
    if (this.lines.some(test)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  /** Resolves once the request with this id has been logged as completed. */
  completed(reqId: string): Promise<void> {
    return this.waitFor((l) => l.reqId === reqId && l.msg === "request completed");
  }
}
