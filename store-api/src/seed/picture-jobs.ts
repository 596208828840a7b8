import { eq } from "drizzle-orm";
import type { Db, Tx } from "../db/index.js";
import { products } from "../db/schema/index.js";
import { enqueueJob, finishJob, type JobRow } from "../jobs/queue.js";
import { ClaimLost, type CatalogueWrite, type JobKind, RetryLater } from "../jobs/runner.js";
import { claimFolder, type MediaDeps } from "../media/files.js";
import { insertImage, removeUnusedImageFiles } from "../media/images.js";
import { MediaStorageUnavailableError, renderImage, type RenderedImage } from "../media/render.js";
import { addVideo } from "../media/videos.js";
import type { SeedMediaLater } from "./parts.js";
import { type PictureRequest, productPicture } from "./pictures.js";

/**
 * The demo pictures drawn after the start (`bootstrap --seed --pictures-later`, `npm start`'s first
 * start; docs/architecture.md#the-demo-store): the seed writes each product with a job that draws its
 * pictures and adds them, then its video, in the catalogue's order, as the seed would have. The store
 * runs the jobs once it listens, so the first start's banner does not wait for some 20 s of drawing and
 * rendering on a machine that is building the dashboard meanwhile. A job adds all of a product's
 * media in one transaction: one that stopped half-way adds nothing, and its next attempt draws all.
 */
export const DEMO_PICTURES_JOB = "demo-pictures";

interface DemoPicturesPayload {
  productId: number;
  pictures: PictureRequest[];
  video: string | null;
}

/** The seed's media when the pictures are left to jobs: the products' media are queued, not stored. */
export function seedMediaLater(): SeedMediaLater {
  return {
    later: true,
    queue: async (tx: Tx, productId: number, pictures: PictureRequest[], video: string | null) => {
      const payload: DemoPicturesPayload = { productId, pictures, video };
      await enqueueJob(tx, DEMO_PICTURES_JOB, `demo-pictures-${productId}`, { ...payload });
    },
    discard: async () => {},
  };
}

/** The demo pictures' kind of job, for the runner (its transaction that changes the catalogue goes through `catalogueWrite`). */
export function demoPictureJobKinds(
  db: Db,
  deps: MediaDeps,
  runner: { catalogueWrite: CatalogueWrite },
): Record<string, JobKind> {
  const productExists = async (q: Db | Tx, id: number) =>
    (await q.select({ id: products.id }).from(products).where(eq(products.id, id))).length > 0;

  return {
    [DEMO_PICTURES_JOB]: {
      maxAttempts: 3,
      // Nothing is recorded before the last transaction: a stop need not wait for the drawing.
      cutShortOnStop: true,
      async run(job: JobRow, ctx) {
        const payload = job.payload as unknown as DemoPicturesPayload;
        // A product removed meanwhile gets nothing: done.
        if (!(await productExists(db, payload.productId))) {
          await finishJob(db, job, { state: "done" });
          return;
        }
        const rendered: RenderedImage[] = [];
        try {
          for (const picture of payload.pictures) {
            ctx.signal.throwIfAborted();
            // Under this claim's own names (media/files.ts, claimFolder), as an import's.
            rendered.push(
              await renderImage(deps, await productPicture(picture), undefined, { folder: claimFolder(job.claims) }),
            );
          }
          ctx.signal.throwIfAborted();
          await runner.catalogueWrite(() =>
            db.transaction(async (tx) => {
              // The fence first: a lost claim adds nothing.
              if (!(await finishJob(tx, job, { state: "done" }))) throw new ClaimLost();
              if (!(await productExists(tx, payload.productId))) return;
              for (const image of rendered) await insertImage(tx, payload.productId, image);
              if (payload.video) await addVideo(tx, payload.productId, payload.video);
            }),
          );
        } catch (err) {
          // This claim's files, unless a committed row uses them (the COMMIT went out and its answer was lost).
          await removeUnusedImageFiles(
            db,
            deps,
            rendered.flatMap((image) => image.files.map((f) => f.fileName)),
          );
          if (err instanceof MediaStorageUnavailableError)
            throw new RetryLater("the demo pictures could not be stored: the media storage could not be reached");
          throw err;
        }
      },
      async fail(job, message, ctx) {
        ctx.log.warn({ productId: (job.payload as { productId?: unknown }).productId }, `demo pictures: ${message}`);
        await finishJob(db, job, { state: "failed", error: message });
      },
    },
  };
}
