/**
 * FileStorage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2):
 * `<prefix><area>/<random name>`. Every node of a deployment sees the same files.
 *
 * Writes are one PutObject each: the object appears whole when the call succeeds and not at all
 * otherwise (images are at most a few megabytes, far below the single-request limit). Containers
 * (imports of up to a few gigabytes) stream as multipart uploads, which appear whole on completion;
 * a crash in the middle leaves parts that `removeAbandonedWrites` aborts.
 *
 * A bucket that does not answer must not hang a request: connections and idle sockets time out,
 * the SDK retries a few times, and then the caller gets a StorageUnavailableError (503).
 */
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  type ListMultipartUploadsCommandOutput,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
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
/** A streamed write's parts: S3's minimum is 5 MB; two in flight bound its memory to 32 MB. */
const STREAM_PART_BYTES = 16 * 1024 * 1024;
const STREAM_PARTS_IN_FLIGHT = 2;

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

  async writeStream(area: StorageArea, name: string, source: Readable): Promise<void> {
    const key = this.keyOf(area, name);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: source, ContentType: contentTypeOfStoredName(name) },
      partSize: STREAM_PART_BYTES,
      queueSize: STREAM_PARTS_IN_FLIGHT,
    });
    await this.call('write', key, () => upload.done());
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

  /** Multipart uploads (streamed containers) started before `before` and never completed: aborted. */
  async removeAbandonedWrites(before: Date): Promise<number> {
    let listed: ListMultipartUploadsCommandOutput;
    try {
      listed = await this.client.send(
        new ListMultipartUploadsCommand({ Bucket: this.settings.bucket, Prefix: this.settings.prefix }),
      );
    } catch (error) {
      // Some S3-compatible stores (and the tests' s3rver) do not list uploads; a bucket lifecycle
      // rule for incomplete uploads is then the way to clean up (docs/operations.md).
      if (error instanceof S3ServiceException && error.name === 'NotImplemented') return 0;
      throw this.unavailable('list uploads', this.settings.prefix, error);
    }
    let removed = 0;
    for (const upload of listed.Uploads ?? []) {
      if (!upload.Key || !upload.UploadId || (upload.Initiated && upload.Initiated >= before)) continue;
      const { Key, UploadId } = upload;
      await this.call('abort upload', Key, () =>
        this.client.send(new AbortMultipartUploadCommand({ Bucket: this.settings.bucket, Key, UploadId })),
      );
      removed += 1;
    }
    return removed;
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
