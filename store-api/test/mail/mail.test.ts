import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addClient, addUser, api, outbox, seedToken, startStore, type TestStore } from "../helpers/index.js";

/**
 * A minimal SMTP server on loopback (RFC 5321's happy path, no TLS): enough for
 * nodemailer to deliver to, and it keeps what it received.
 */
function fakeSmtp() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let current = { from: "", to: [] as string[], data: "" };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say("220 fake-smtp ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: "", to: [], data: "" };
          say("250 queued");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") {
          say("250 fake-smtp");
        } else if (verb === "MAIL") {
          current.from = line;
          say("250 ok");
        } else if (verb === "RCPT") {
          current.to.push(line);
          say("250 ok");
        } else if (verb === "DATA") {
          inData = true;
          say("354 go ahead");
        } else if (verb === "QUIT") {
          say("221 bye");
          socket.end();
        } else {
          say("250 ok");
        }
      }
    });
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function until<T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("gave up waiting");
}

describe("e-mail over SMTP", () => {
  const smtp = fakeSmtp();
  let store: TestStore;
  let token: string;

  beforeAll(async () => {
    const port = await smtp.listen();
    store = await startStore({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const client = await addClient(store);
    const owner = await addUser(store, { email: "owner@mail.test", password: "owner-password" });
    token = (await seedToken(store, client, owner)).access_token;
  });
  afterAll(async () => {
    await store.close();
    await smtp.close();
  });

  it("delivers the welcome e-mail through SMTP and marks it delivered in the outbox", async () => {
    const res = await api(store, token, "POST", "/users", { email: "invited@mail.test" });
    expect(res.status).toBe(201);
    const mail = await until(() => smtp.received.find((m) => m.to.some((t) => t.includes("invited@mail.test"))));
    expect(mail.data).toContain("/account/set-password?token=");
    const row = await until(async () => {
      const rows = (await outbox(store)) as unknown as { to: string; delivered: number | null }[];
      return rows.find((r) => r.to === "invited@mail.test" && r.delivered !== null);
    });
    expect(row.delivered).toBeGreaterThan(0);
  });
});

describe("e-mail when the SMTP server does not answer", () => {
  let store: TestStore;
  let token: string;

  beforeAll(async () => {
    // A port nothing listens on: take one, then free it.
    const probe = net.createServer();
    const port = await new Promise<number>((resolve) =>
      probe.listen(0, "127.0.0.1", () => resolve((probe.address() as net.AddressInfo).port)),
    );
    await new Promise((r) => probe.close(r));
    store = await startStore({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const client = await addClient(store);
    const owner = await addUser(store, { email: "owner@mail.test", password: "owner-password" });
    token = (await seedToken(store, client, owner)).access_token;
  });
  afterAll(() => store.close());

  it("still creates the user, and the message waits in the outbox undelivered", async () => {
    const res = await api(store, token, "POST", "/users", { email: "waiting@mail.test" });
    expect(res.status).toBe(201);
    await store.app.mailer.deliver();
    const rows = (await outbox(store)) as unknown as { to: string; delivered: number | null }[];
    expect(rows.find((r) => r.to === "waiting@mail.test")).toMatchObject({ delivered: null });
  });
});
