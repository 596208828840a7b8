import { isNull, asc, eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Queryable } from "../db/index.js";
import { outbox } from "../db/schema/index.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Every message is written to the outbox table inside the request's
 * transaction, so a failed request sends nothing and a sent one is never lost.
 * With SMTP configured, `deliver()` (called after commit, and at start) sends
 * what is pending; without it the outbox is where development mail lives
 * (GET /dev/outbox).
 */
export class Mailer {
  /** Loaded and made when first needed: nodemailer is a twentieth of the start's modules, and most stores in development send no mail. */
  private transport: Promise<Transporter> | undefined;
  private delivering: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: { smtpUrl?: string | undefined; from: string; log: FastifyBaseLogger },
  ) {}

  private smtp(url: string): Promise<Transporter> {
    return (this.transport ??= import("nodemailer").then((m) => m.default.createTransport(url)));
  }

  async enqueue(q: Queryable, message: MailMessage): Promise<void> {
    await q
      .insert(outbox)
      .values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
  }

  /** Sends pending messages over SMTP; never throws (failures stay pending and are logged). */
  deliver(): Promise<void> {
    if (!this.opts.smtpUrl) return Promise.resolve();
    // Callers do not wait (`void mailer.deliver()`): a database that is away must not reject into nothing.
    this.delivering ??= this.deliverPending()
      .catch((err: unknown) =>
        this.opts.log.warn({ err }, "mail delivery could not read the outbox; it runs again later"),
      )
      .finally(() => (this.delivering = undefined));
    return this.delivering;
  }

  private async deliverPending() {
    let transport: Transporter;
    try {
      transport = await this.smtp(this.opts.smtpUrl!);
    } catch (err) {
      this.transport = undefined;
      this.opts.log.error({ err }, "mail delivery: the SMTP settings could not be used; the mail stays in the outbox");
      return;
    }
    const pending = await this.db
      .select()
      .from(outbox)
      .where(isNull(outbox.deliveredAt))
      .orderBy(asc(outbox.id))
      .limit(100);
    for (const m of pending) {
      try {
        await transport.sendMail({
          from: this.opts.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? undefined,
        });
        await this.db.update(outbox).set({ deliveredAt: new Date(), lastError: null }).where(eq(outbox.id, m.id));
      } catch (err) {
        this.opts.log.warn({ err, mailId: m.id }, "mail delivery failed; it stays in the outbox");
        await this.db
          .update(outbox)
          .set({ lastError: String((err as Error).message) })
          .where(eq(outbox.id, m.id));
      }
    }
  }
}
