import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { MediaStorageSettings } from "../../src/config.js";

/** The bucket the store's S3 tests use. */
export const TEST_BUCKET = "store-media";

export type S3Settings = Extract<MediaStorageSettings, { driver: "s3" }>;

/** The store's settings for a bucket served by s3rver at `endpoint` (its fixed credentials). */
export function s3Settings(endpoint: string): S3Settings {
  return {
    driver: "s3",
    bucket: TEST_BUCKET,
    endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
    publicUrl: undefined,
  };
}

/**
 * A local S3-compatible bucket (s3rver, npm) on the loopback, in a folder of its own, for the tests of the
 * S3 media driver (docs/architecture.md#media-storage). It can be stopped and started again on the same
 * port and folder (the bucket away, then back); `close` stops it and removes the folder.
 */
export class LocalBucket {
  #server: S3rver | undefined;
  #client: S3Client | undefined;
  port = 0;
  readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-bucket-"));

  /** Starts it (again, on the same port once it had one); `onEvent` sees s3rver's object events. */
  async start(onEvent?: (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => void) {
    const server = new S3rver({
      address: "127.0.0.1",
      port: this.port,
      silent: true,
      directory: this.dir,
      configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
    });
    if (onEvent) (server as unknown as NodeJS.EventEmitter).on("event", onEvent);
    ({ port: this.port } = await server.run());
    this.#server = server;
    return this;
  }

  /** Whether it serves now (between `start` and `stop`). */
  get running(): boolean {
    return this.#server !== undefined;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The store's settings for it. */
  get settings(): S3Settings {
    return s3Settings(this.endpoint);
  }

  /** The keys in the bucket, sorted. */
  async keys(): Promise<string[]> {
    this.#client ??= new S3Client({
      endpoint: this.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    const listed = await this.#client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  }

  /** Stops serving (the bucket away); its files stay for `start`. */
  async stop(): Promise<void> {
    await this.#server?.close();
    this.#server = undefined;
  }

  async close(): Promise<void> {
    await this.stop();
    this.#client?.destroy();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
