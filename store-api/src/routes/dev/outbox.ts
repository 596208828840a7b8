import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { outbox } from "../../db/schema.js";

/** GET /dev/outbox: the mail the store has sent, newest first (development mode only). */
export default async function devRoutes(app: FastifyInstance) {
  app.get("/dev/outbox", async () => {
    const rows = await app.db.select().from(outbox).orderBy(desc(outbox.id)).limit(200);
    return rows.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      created: Math.floor(m.createdAt.getTime() / 1000),
      delivered: m.deliveredAt ? Math.floor(m.deliveredAt.getTime() / 1000) : null,
    }));
  });
}
