/**
 * Resumable uploads of the files an import starts from (1 GB PDFs, ZIPs of thousands of scans),
 * over the tus protocol (tus.io) with @tus/server: a dropped connection or a closed laptop loses
 * at most the bytes in flight (what arrived of a chunk is kept), and the client carries on from
 * the offset the server reports.
 *
 * The bytes go where the app's files go: a folder under DATA_DIR on local disk (not the incoming
 * folder, which a restart empties: an upload must survive one), or the app's bucket under
 * `<S3_PREFIX>resumable-uploads/` with S3, so any node can take the next chunk. Unfinished uploads
 * expire 24 hours after they were created (tus expiration extension; the sweep job removes them).
 *
 * The route (routes/imports/resumableUploads.ts) decides who may call and hands the request over
 * with its scope: the form, its owner, the uploader and the size the owner's plan allows. When
 * the last byte arrives the file is handed to the import and the upload's own copy removed; the
 * answer carries `Import-Id`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { Server, type Upload } from '@tus/server';
import type { AppDeps } from '../../appTypes.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../errors.ts';
import type { Form, User } from '../../models/index.ts';
import { startUploadedImport } from './imports.ts';
import { cleanUploadName, newUploadId } from './resumableUploadNames.ts';

/** An upload not finished within this is abandoned: refused, then swept. */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** S3 parts: the store keeps smaller chunks aside until a part is full, so clients may send any size. */
const S3_PART_BYTES = 8 * 1024 * 1024;

export const RESUMABLE_UPLOAD_MESSAGES = {
  nameRequired: 'Name the file in Upload-Metadata (the `filename` key)',
  importFailed: 'The upload arrived, but its import could not be started',
} as const;

/** Who uploads what where: set by the route for the request it hands over. */
export interface UploadScope {
  deps: AppDeps;
  form: Form;
  owner: User;
  uploader: User;
  /** The largest file the owner's plan lets this form take (containerSizeLimitBytes). */
  maxBytes: number;
}

type ResumableStore = FileStore | S3Store;
type StoreConfig = Pick<Config, 'dataDir' | 'storage'>;
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onUploadFinish']>>[0];

/** A tus error answer (status and text body), as @tus/server sends what a hook throws. */
class TusAnswer {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {}
}

const scopes = new WeakMap<object, UploadScope>();

function scopeOrNone(req: TusRequest): UploadScope | undefined {
  const nodeRequest = req.runtime?.node?.req;
  return nodeRequest ? scopes.get(nodeRequest) : undefined;
}

function scopeOf(req: TusRequest): UploadScope {
  const scope = scopeOrNone(req);
  // Only the route hands requests over, always with a scope: without one, nothing may happen.
  if (!scope) throw new TusAnswer(403, 'Forbidden\n');
  return scope;
}

/** The store's id of an upload: the URL's id under the S3 folder (none on local disk). */
function keyPrefixOf(config: StoreConfig): string {
  return config.storage.driver === 's3' ? `${config.storage.s3.prefix}resumable-uploads/` : '';
}

export function resumableUploadsDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'resumable-uploads');
}

/**
 * @tus/s3-store with two corrections made on its client's calls:
 * - its removals are DeleteObjects calls with the SDK's default checksum (CRC32), which MinIO, B2
 *   and others refuse for want of Content-MD5 (storage/s3Storage.ts says the same): they carry an
 *   MD5 instead, which AWS accepts as well;
 * - its expiry sweep lists every multipart upload in the bucket and aborts the old ones: it is
 *   kept to this deployment's resumable uploads (a bucket may hold several deployments, and the
 *   app's own large writes are multipart uploads too).
 */
class FormscribeS3Store extends S3Store {
  constructor(options: ConstructorParameters<typeof S3Store>[0], keyPrefix: string) {
    super(options);
    this.client.middlewareStack.add(
      (next, context) => (args) => {
        const input = args.input as { ChecksumAlgorithm?: string; Prefix?: string };
        if (context.commandName === 'DeleteObjectsCommand') input.ChecksumAlgorithm = 'MD5';
        if (context.commandName === 'ListMultipartUploadsCommand') input.Prefix = keyPrefix;
        return next(args);
      },
      { step: 'initialize', name: 'formscribeResumableUploadCalls' },
    );
  }
}

function createStore(config: StoreConfig): ResumableStore {
  const expirationPeriodInMilliseconds = RESUMABLE_UPLOAD_EXPIRY_MS;
  const { storage } = config;
  if (storage.driver === 'local') {
    return new FileStore({ directory: resumableUploadsDir(config), expirationPeriodInMilliseconds });
  }
  const { s3 } = storage;
  return new FormscribeS3Store(
    {
      partSize: S3_PART_BYTES,
      expirationPeriodInMilliseconds,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials: s3.credentials,
        // As the app's own driver (storage/s3Storage.ts): R2, B2 and older MinIO refuse the newer checksums.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    },
    keyPrefixOf(config),
  );
}

/** The finished upload goes to the import; the upload's own copy goes either way. */
async function finishUpload(store: ResumableStore, scope: UploadScope, upload: Upload) {
  const { deps, form, owner, uploader } = scope;
  const name = upload.metadata?.filename ?? '';
  const size = upload.size ?? upload.offset;
  try {
    const { importId } = await startUploadedImport(deps, form, owner, uploader, {
      name,
      size,
      open: async () => store.read(upload.id),
    });
    return { headers: { 'Import-Id': importId } };
  } catch (error) {
    if (error instanceof HttpError) throw new TusAnswer(error.status, `${error.message}\n`);
    deps.logger.error({ err: error, uploadId: upload.id, formId: form.id }, 'could not start the import of an upload');
    throw new TusAnswer(500, `${RESUMABLE_UPLOAD_MESSAGES.importFailed}\n`);
  } finally {
    // A finished upload is never resumed (and the expiry sweep leaves finished ones alone), so
    // its bytes go now, whether the import took them or refused them.
    await store.remove(upload.id).catch((error: unknown) => {
      deps.logger.warn({ err: error, uploadId: upload.id }, 'could not remove a finished upload');
    });
  }
}

function createServer(config: StoreConfig, store: ResumableStore): Server {
  const keyPrefix = keyPrefixOf(config);
  return new Server({
    // Required by @tus/server, unused: URLs are made and read by the two functions below.
    path: '/api/forms',
    datastore: store,
    maxSize: (req) => scopeOf(req).maxBytes,
    namingFunction: (req) => {
      const { form, uploader } = scopeOf(req);
      return `${keyPrefix}${newUploadId(form.id, uploader.id)}`;
    },
    // Relative to the creating request's own path, so /api/forms/… and /api/v1/forms/… uploads
    // each continue where they started, behind any proxy.
    generateUrl: (req, { id }) => `${new URL(req.url).pathname.replace(/\/+$/, '')}/${id.slice(keyPrefix.length)}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath ? `${keyPrefix}${lastPath}` : undefined),
    // The app answers its own origin only: no Access-Control-Allow-Origin for anyone else.
    allowedOrigins: () => false,
    exposedHeaders: ['Import-Id'],
    onUploadCreate: async (req, upload) => {
      scopeOf(req);
      const filename = cleanUploadName(upload.metadata?.filename ?? '');
      if (!filename) throw new TusAnswer(400, `${RESUMABLE_UPLOAD_MESSAGES.nameRequired}\n`);
      // Only the name is kept: whatever else a client put in the metadata is not ours to store.
      return { metadata: { filename } };
    },
    onUploadFinish: async (req, upload) => finishUpload(store, scopeOf(req), upload),
    onResponseError: (req, error) => {
      if (error instanceof TusAnswer || !(error instanceof Error)) return undefined;
      scopeOrNone(req)?.deps.logger.error({ err: error }, 'resumable upload failed');
      return undefined;
    },
  });
}

const servers = new Map<string, { store: ResumableStore; server: Server }>();

function serverFor(config: StoreConfig) {
  const { storage } = config;
  const key =
    storage.driver === 'local'
      ? `local:${config.dataDir}`
      : `s3:${storage.s3.endpoint ?? 'aws'}:${storage.s3.bucket}:${storage.s3.prefix}`;
  let found = servers.get(key);
  if (!found) {
    const store = createStore(config);
    found = { store, server: createServer(config, store) };
    servers.set(key, found);
  }
  return found;
}

/**
 * Answers one tus request (the route has checked who calls and set the scope). Settles when the
 * answer is sent or the connection is gone: @tus/server waits for the end of an answer that a
 * cut connection never finishes, and the app counts a request until its handler settles (a
 * shutdown would wait for it). What is still running then (the store taking the bytes that
 * arrived, an import being started) goes on by itself.
 */
export async function handleResumableUpload(req: IncomingMessage, res: ServerResponse, scope: UploadScope) {
  scopes.set(req, scope);
  const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
  const answered = serverFor(scope.deps.config)
    .server.handle(req, res)
    .catch((error: unknown) => scope.deps.logger.warn({ err: error }, 'could not answer a resumable upload request'));
  await Promise.race([answered, closed]);
}

/** Removes unfinished uploads past their expiry; returns how many. */
export function removeExpiredUploads(config: StoreConfig): Promise<number> {
  return serverFor(config).server.cleanUpExpiredUploads();
}
