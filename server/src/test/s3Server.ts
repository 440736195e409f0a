/**
 * A local S3-compatible bucket for tests: `s3rver` in this process, on a loopback port, keeping
 * its objects in a temporary folder. It can be stopped and started again on the same port with
 * the same objects, which is how tests make the bucket unreachable and bring it back. Nothing
 * here talks to anything beyond this machine.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account (any other key is refused, as a real bucket would). */
const S3RVER_KEY = 'S3RVER';
/** s3rver keeps each object as `<key>._S3rver_object`; its mtime is the object's LastModified. */
const OBJECT_SUFFIX = '._S3rver_object';

/**
 * MinIO and Backblaze B2 refuse a multi-object delete without Content-MD5 (a CRC32 checksum alone,
 * the AWS SDK's default, is not enough there); s3rver does not check, so this bucket does.
 */
function refusesWithoutContentMd5(req: http.IncomingMessage): boolean {
  const query = new URL(req.url ?? '/', 'http://bucket').searchParams;
  return req.method === 'POST' && query.has('delete') && !req.headers['content-md5'];
}

const MISSING_CONTENT_MD5 =
  '<?xml version="1.0" encoding="UTF-8"?><Error><Code>MissingContentMD5</Code>' +
  '<Message>Missing required header for this request: Content-Md5.</Message></Error>';

export class S3TestServer {
  readonly bucket = 'formscribe-test';
  private httpServer: http.Server | undefined;
  private port = 0;

  private constructor(private readonly directory: string) {}

  /** Starts a bucket with nothing in it. */
  static async start(): Promise<S3TestServer> {
    const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-s3-'));
    const server = new S3TestServer(directory);
    await server.resume();
    return server;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The settings that point the app's S3 driver at this bucket. */
  env(): Record<string, string> {
    return {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: this.endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: this.bucket,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    };
  }

  /** Listens again (same port after the first start), serving the objects it had. */
  async resume(): Promise<void> {
    if (this.httpServer) return;
    const s3rver = new S3rver({
      directory: this.directory,
      silent: true,
      configureBuckets: [{ name: this.bucket, configs: [] }],
    });
    await s3rver.configureBuckets();
    const handle = s3rver.callback();
    const httpServer = http.createServer((req, res) => {
      if (refusesWithoutContentMd5(req)) {
        res.writeHead(400, { 'content-type': 'application/xml' });
        res.end(MISSING_CONTENT_MD5);
        return;
      }
      handle(req, res);
    });
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (httpServer.address() as AddressInfo).port;
    this.httpServer = httpServer;
  }

  /** Stops answering: connections are cut and the port refuses new ones, like a bucket gone away. */
  async pause(): Promise<void> {
    const httpServer = this.httpServer;
    if (!httpServer) return;
    this.httpServer = undefined;
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  }

  async stop(): Promise<void> {
    await this.pause();
    await fs.rm(this.directory, { recursive: true, force: true });
  }

  /** Every object key in the bucket under `prefix`, read from s3rver's folder (works while paused). */
  async keys(prefix = ''): Promise<string[]> {
    const bucketDir = path.join(this.directory, this.bucket);
    const entries = await fs.readdir(bucketDir, { recursive: true }).catch(() => [] as string[]);
    return entries
      .filter((entry) => entry.endsWith(OBJECT_SUFFIX))
      .map((entry) => entry.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
      .filter((key) => key.startsWith(prefix))
      .sort();
  }

  /** Sets an object's LastModified (tests of the sweeper's grace period). */
  async setLastModified(key: string, date: Date): Promise<void> {
    const file = path.join(this.directory, this.bucket, ...key.split('/')) + OBJECT_SUFFIX;
    await untilWrittenWhole(file);
    await fs.utimes(file, date, date);
  }
}

/**
 * s3rver answers a PutObject before its write stream has flushed the object to disk, so a write
 * that lands after a test's utimes would make the object new again. It writes the object's MD5
 * next to it before answering, so the object is whole once its bytes hash to that.
 */
async function untilWrittenWhole(file: string): Promise<void> {
  const expected = (await fs.readFile(`${file}.md5`, 'utf8')).trim();
  for (let attempt = 0; attempt < 200; attempt++) {
    const actual = createHash('md5')
      .update(await fs.readFile(file))
      .digest('hex');
    if (actual === expected) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`s3rver never finished writing ${file}`);
}
