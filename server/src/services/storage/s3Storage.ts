/**
 * FileStorage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2):
 * `<prefix><area>/<random name>`. Every node of a deployment sees the same files.
 *
 * Writes are one PutObject each: the object appears whole when the call succeeds and not at all
 * otherwise (files are at most a few megabytes, far below the single-request limit), so an
 * interrupted write leaves nothing and there is no multipart upload to clean up.
 *
 * A bucket that does not answer must not hang a request: connections and idle sockets time out,
 * the SDK retries a few times, and then the caller gets a StorageUnavailableError (503).
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import type { FileStorage, ListedFile, StoredFileInfo } from './fileStorageTypes.ts';
import { StorageUnavailableError } from './storageErrors.ts';
import { contentTypeOfStoredName, isStoredName, type StorageArea } from './storedNames.ts';

/** A bucket that does not accept a connection within this is down for this request. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A socket silent this long (no byte either way) is given up; a 10 MB write never pauses so long. */
const IDLE_SOCKET_TIMEOUT_MS = 20_000;
/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/** The key is not there (HEAD answers a bare 404 named NotFound; GET names it NoSuchKey). */
function isMissingKey(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NotFound' || error.name === 'NoSuchKey');
}

export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly logger: Logger,
  ) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      maxAttempts: 3,
      requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_SOCKET_TIMEOUT_MS },
      // Checksums only where S3 demands them: R2, B2 and older MinIO refuse the newer default
      // trailing checksums, and TLS already guards the bytes on the way.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async write(area: StorageArea, name: string, data: Uint8Array): Promise<void> {
    const key = this.keyOf(area, name);
    await this.call('write', key, () =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: key,
          Body: data,
          ContentLength: data.length,
          ContentType: contentTypeOfStoredName(name),
        }),
      ),
    );
  }

  async stat(area: StorageArea, name: string): Promise<StoredFileInfo | undefined> {
    const key = this.keyOf(area, name);
    const head = await this.callForKey('stat', key, () =>
      this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key })),
    );
    if (!head) return undefined;
    return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
  }

  async openRead(area: StorageArea, name: string): Promise<Readable | undefined> {
    const key = this.keyOf(area, name);
    const object = await this.callForKey('read', key, () =>
      this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key })),
    );
    // In Node the SDK's body is the HTTP response itself: a Readable, streamed as it arrives.
    return object?.Body as Readable | undefined;
  }

  async remove(area: StorageArea, names: readonly string[]): Promise<void> {
    const keys = names.map((name) => this.keyOf(area, name));
    for (let start = 0; start < keys.length; start += DELETE_BATCH) {
      const batch = keys.slice(start, start + DELETE_BATCH);
      const described = batch.length > 1 ? `${batch[0]} and ${batch.length - 1} more` : (batch[0] ?? '');
      // Deleting a key that is not there succeeds in S3, which is what `remove` promises.
      const result = await this.call('remove', described, () =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.settings.bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
            // DeleteObjects must carry a checksum; MinIO, B2 and others accept only Content-MD5
            // (the SDK's default CRC32 is refused there with MissingContentMD5). AWS takes either.
            ChecksumAlgorithm: 'MD5',
          }),
        ),
      );
      const failed = result.Errors ?? [];
      if (failed.length) {
        const error = new Error(`could not remove ${failed.map((e) => `${e.Key}: ${e.Code}`).join('; ')}`);
        throw this.unavailable('remove', described, error);
      }
    }
  }

  async *list(area: StorageArea): AsyncIterable<ListedFile> {
    const prefix = `${this.settings.prefix}${area}/`;
    const pages = paginateListObjectsV2({ client: this.client }, { Bucket: this.settings.bucket, Prefix: prefix });
    try {
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(prefix.length) ?? '';
          // Only what storage named: anything else someone put in the bucket is left alone.
          if (isStoredName(name)) yield { name, modifiedAt: object.LastModified ?? new Date() };
        }
      }
    } catch (error) {
      throw this.unavailable('list', prefix, error);
    }
  }

  /** A PutObject is all or nothing, and this driver starts no multipart uploads: nothing to do. */
  async removeAbandonedWrites(): Promise<number> {
    return 0;
  }

  async checkReachable(): Promise<void> {
    await this.call('check', '', () => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }

  /** Lets sockets go (a stopping node, a test server). */
  close(): void {
    this.client.destroy();
  }

  /** Runs one S3 call; any failure becomes a StorageUnavailableError (logged here, once). */
  private async call<T>(operation: string, key: string, send: () => Promise<T>): Promise<T> {
    try {
      return await send();
    } catch (error) {
      throw this.unavailable(operation, key, error);
    }
  }

  /** As `call`, for reads of one key: a key that is not there is `undefined`, not a failure. */
  private async callForKey<T>(operation: string, key: string, send: () => Promise<T>): Promise<T | undefined> {
    try {
      return await send();
    } catch (error) {
      if (isMissingKey(error)) return undefined;
      throw this.unavailable(operation, key, error);
    }
  }

  private unavailable(operation: string, key: string, error: unknown): StorageUnavailableError {
    // `objectKey`, not `key`: a bare `key` is a secret's name to the log (secretNames.ts).
    this.logger.error(
      { err: error, operation, bucket: this.settings.bucket, objectKey: key },
      'file storage call failed',
    );
    return new StorageUnavailableError(error);
  }

  private keyOf(area: StorageArea, name: string): string {
    if (!isStoredName(name)) throw new Error(`refusing to touch a file that storage did not name: ${name}`);
    return `${this.settings.prefix}${area}/${name}`;
  }
}
