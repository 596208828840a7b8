import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import type { MediaStorageSettings } from "../config.js";

/**
 * Where the finished media files live (the five sizes of each image, the videos' thumbnails),
 * behind one small interface with two drivers (docs/architecture.md#media-storage):
 *
 * - `local`, the default: the data folder's `media/`, as one store process has always kept them;
 * - `s3`: an S3-compatible bucket through the official AWS SDK, which every instance of a store
 *   shares, so that a file one instance rendered is served by all.
 *
 * Uploads and downloads on their way in stay in the instance's own `tmp/` folder: only finished
 * files are stored here. File names are never reused (they are served as immutable), so a file
 * is written once, whole, and never changed.
 */
export interface MediaStorage {
  readonly driver: MediaStorageSettings["driver"];
  /** Stores a finished file under its name. */
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, and its size; null when there is no such file. */
  get(name: string): Promise<{ body: Readable; size: number } | null>;
  has(name: string): Promise<boolean>;
  /** Deletes files; a missing one is fine. Failures are not thrown (a file left behind is only space). */
  remove(names: readonly string[]): Promise<void>;
  /** Throws, with a sentence, when a file cannot be written, read back and deleted (readiness). */
  check(): Promise<void>;
}

/** What picks the storage: the data folder, and the settings (a StoreConfig fits; no settings: local). */
export interface StorageDeps {
  dataDir: string;
  media?: MediaStorageSettings | undefined;
}

const local = new Map<string, MediaStorage>();
const buckets = new WeakMap<MediaStorageSettings, MediaStorage>();

/** The storage of a store's configuration: one per data folder or per S3 settings, made on first use. */
export function mediaStorage(deps: StorageDeps): MediaStorage {
  const settings = deps.media;
  if (settings?.driver === "s3") {
    let storage = buckets.get(settings);
    if (!storage) buckets.set(settings, (storage = new S3Storage(settings)));
    return storage;
  }
  const dir = path.resolve(deps.dataDir, "media");
  let storage = local.get(dir);
  if (!storage) local.set(dir, (storage = new LocalStorage(dir)));
  return storage;
}

/** The base of media files' public URLs: the configured one, else the store's own /media/. */
export function mediaBaseUrl(config: { publicUrl: string; media?: MediaStorageSettings | undefined }): string {
  return config.media?.publicUrl ?? `${config.publicUrl}/media`;
}

/**
 * A name as a file in the folder, never a path out of it: a file name, or one sub-folder and a file
 * name (an import's claim folder, media/files.ts), each part taken as a plain name.
 */
const inFolder = (dir: string, name: string) =>
  path.join(
    dir,
    ...name
      .split("/")
      .slice(-2)
      .map((part) => path.basename(part))
      .filter((part) => part !== "" && part !== "." && part !== ".."),
  );

class LocalStorage implements MediaStorage {
  readonly driver = "local" as const;
  constructor(readonly dir: string) {}

  async put(name: string, body: Buffer): Promise<void> {
    const target = inFolder(this.dir, name);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    // Written beside, then renamed: a reader never sees half a file.
    const partial = inFolder(this.dir, `.${randomBytes(8).toString("hex")}.partial`);
    try {
      await fs.promises.writeFile(partial, body);
      await fs.promises.rename(partial, target);
    } catch (err) {
      await fs.promises.rm(partial, { force: true }).catch(() => {});
      throw err;
    }
  }

  async get(name: string): Promise<{ body: Readable; size: number } | null> {
    const file = inFolder(this.dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    return stat?.isFile() ? { body: fs.createReadStream(file), size: stat.size } : null;
  }

  async has(name: string): Promise<boolean> {
    const stat = await fs.promises.stat(inFolder(this.dir, name)).catch(() => null);
    return stat?.isFile() ?? false;
  }

  async remove(names: readonly string[]): Promise<void> {
    await Promise.all(names.map((name) => fs.promises.rm(inFolder(this.dir, name), { force: true }).catch(() => {})));
    // A sub-folder left empty goes too (one still holding files stays: rmdir refuses).
    const folders = new Set(names.map((name) => path.dirname(inFolder(this.dir, name))));
    folders.delete(path.resolve(this.dir));
    await Promise.all([...folders].map((folder) => fs.promises.rmdir(folder).catch(() => {})));
  }

  async check(): Promise<void> {
    const name = `.ready-${randomBytes(6).toString("hex")}`;
    try {
      await this.put(name, Buffer.from("ready"));
      await this.remove([name]);
    } catch (err) {
      throw new Error(`the media folder ${this.dir} is not writable: ${(err as Error).message}`, { cause: err });
    }
  }
}

type S3Sdk = typeof import("@aws-sdk/client-s3");

class S3Storage implements MediaStorage {
  readonly driver = "s3" as const;
  readonly #settings: Extract<MediaStorageSettings, { driver: "s3" }>;
  #client: Promise<{ sdk: S3Sdk; client: InstanceType<S3Sdk["S3Client"]> }> | undefined;

  constructor(settings: Extract<MediaStorageSettings, { driver: "s3" }>) {
    this.#settings = settings;
  }

  /** The SDK is loaded on first use: a store on the local driver never loads it. */
  private client() {
    this.#client ??= import("@aws-sdk/client-s3").then((sdk) => {
      const s = this.#settings;
      const client = new sdk.S3Client({
        region: s.region,
        ...(s.endpoint ? { endpoint: s.endpoint } : {}),
        forcePathStyle: s.forcePathStyle,
        ...(s.accessKeyId && s.secretAccessKey
          ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } }
          : {}),
        // Checksums only where S3 requires them: S3-compatible services do not all take the newer trailers.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      });
      return { sdk, client };
    });
    return this.#client;
  }

  async put(name: string, body: Buffer, contentType: string): Promise<void> {
    const { sdk, client } = await this.client();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.#settings.bucket,
        Key: name,
        Body: body,
        ContentType: contentType,
        CacheControl: "public, max-age=31536000, immutable",
      }),
    );
  }

  async get(name: string): Promise<{ body: Readable; size: number } | null> {
    const { sdk, client } = await this.client();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.#settings.bucket, Key: name }));
      return { body: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async has(name: string): Promise<boolean> {
    const { sdk, client } = await this.client();
    try {
      await client.send(new sdk.HeadObjectCommand({ Bucket: this.#settings.bucket, Key: name }));
      return true;
    } catch (err) {
      if (isMissing(err)) return false;
      throw err;
    }
  }

  async remove(names: readonly string[]): Promise<void> {
    if (!names.length) return;
    const { sdk, client } = await this.client();
    // DeleteObjects takes at most 1,000 keys a request.
    for (let i = 0; i < names.length; i += 1000) {
      await client
        .send(
          new sdk.DeleteObjectsCommand({
            Bucket: this.#settings.bucket,
            Delete: { Objects: names.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true },
          }),
        )
        .catch(() => {});
    }
  }

  async check(): Promise<void> {
    const name = `.ready-${randomBytes(6).toString("hex")}`;
    try {
      await this.put(name, Buffer.from("ready"), "text/plain");
      const back = await this.get(name);
      back?.body.resume();
      if (!back) throw new Error("a file just written could not be read back");
      const { sdk, client } = await this.client();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.#settings.bucket, Key: name }));
    } catch (err) {
      throw new Error(`the media bucket ${this.#settings.bucket} is not usable: ${(err as Error).message}`, {
        cause: err,
      });
    }
  }
}

/** A 404 of S3: no such key (GetObject says NoSuchKey, HeadObject only its status). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}
