import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MESSAGES } from '@formscribe/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../config.ts';
import { S3TestServer } from '../../test/s3Server.ts';
import { closeFileStorage, type FileStorage, fileStorage, type StorageConfig } from './fileStorage.ts';
import { StorageUnavailableError } from './storageErrors.ts';
import { newContainerName, newStoredName } from './storedNames.ts';

/** The same promises hold for every driver: what one stores, the app reads back the same way. */

async function readAll(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error('the file was not there');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

interface DriverSetup {
  config: StorageConfig;
  s3: S3TestServer | undefined;
  stop(): Promise<void>;
}

async function setUpDriver(driver: 'local' | 's3', extraEnv: Record<string, string> = {}): Promise<DriverSetup> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-storage-'));
  const s3 = driver === 's3' ? await S3TestServer.start() : undefined;
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...s3?.env(), ...extraEnv });
  return {
    config,
    s3,
    async stop() {
      closeFileStorage(config);
      await s3?.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe.each(['local', 's3'] as const)('%s storage driver', (driver) => {
  let setup: DriverSetup;
  let storage: FileStorage;
  beforeAll(async () => {
    setup = await setUpDriver(driver);
    storage = fileStorage(setup.config);
  });
  afterAll(() => setup.stop());

  it('reads back what it stored, with its size and date', async () => {
    const name = newStoredName('png');
    const bytes = new Uint8Array(70_000).map((_, i) => i % 251);
    const before = Date.now();
    await storage.write('images', name, bytes);

    expect(await readAll(await storage.openRead('images', name))).toEqual(Buffer.from(bytes));
    const info = await storage.stat('images', name);
    expect(info?.size).toBe(bytes.length);
    // Buckets keep dates to the second.
    expect(info?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
    // The same name in another area is another file.
    expect(await storage.stat('thumbnails', name)).toBeUndefined();
  });

  it('streams a container larger than one S3 part into place, and a failed stream leaves nothing', async () => {
    const name = newContainerName();
    // 17 MB in 1 MB chunks: two multipart parts on a bucket, never one buffer here.
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const chunks = function* () {
      for (let i = 0; i < 17; i += 1) yield chunk;
    };
    await storage.writeStream('imports', name, Readable.from(chunks()));
    const stored = await readAll(await storage.openRead('imports', name));
    expect(stored.length).toBe(17 * chunk.length);
    expect(stored.every((byte) => byte === 7)).toBe(true);

    const broken = newContainerName();
    const failing = new Readable({
      read() {
        this.push(chunk);
        this.destroy(new Error('the client went away'));
      },
    });
    await expect(storage.writeStream('imports', broken, failing)).rejects.toThrow();
    expect(await storage.stat('imports', broken)).toBeUndefined();
    expect((await collect(storage.list('imports'))).map((file) => file.name)).toEqual([name]);
  });

  it('answers "missing" for a file that is not there, and removing one is not an error', async () => {
    const name = newStoredName('jpg');
    expect(await storage.stat('logos', name)).toBeUndefined();
    expect(await storage.openRead('logos', name)).toBeUndefined();
    await expect(storage.remove('logos', [name])).resolves.toBeUndefined();
  });

  it('lists the files of one area and removes several at once', async () => {
    const names = [newStoredName('jpg'), newStoredName('jpg'), newStoredName('webp')];
    for (const name of names) await storage.write('thumbnails', name, new Uint8Array([1]));
    await storage.write('logos', newStoredName('png'), new Uint8Array([2]));

    const listed = (await collect(storage.list('thumbnails'))).map((file) => file.name);
    expect(listed.sort()).toEqual([...names].sort());

    await storage.remove('thumbnails', names.slice(0, 2));
    expect((await collect(storage.list('thumbnails'))).map((file) => file.name)).toEqual([names[2]]);
    expect(await storage.stat('thumbnails', names[0] ?? '')).toBeUndefined();
  });

  it('refuses names that storage did not give out', async () => {
    for (const name of ['../../etc/passwd', 'a/b.jpg', 'photo.jpg', '.hidden.tmp']) {
      await expect(storage.write('images', name, new Uint8Array([1]))).rejects.toThrow(/did not name/);
      await expect(storage.stat('images', name)).rejects.toThrow(/did not name/);
    }
  });

  it('says it is reachable', async () => {
    await expect(storage.checkReachable()).resolves.toBeUndefined();
  });
});

describe('s3 storage driver settings and outages', () => {
  let setup: DriverSetup;
  beforeAll(async () => {
    setup = await setUpDriver('s3', { S3_PREFIX: 'deployment-a/' });
  });
  afterAll(() => setup.stop());

  it('keeps every file under the configured prefix of the bucket', async () => {
    const name = newStoredName('jpg');
    await fileStorage(setup.config).write('images', name, new Uint8Array([1, 2]));
    expect(await setup.s3?.keys()).toEqual([`deployment-a/images/${name}`]);
  });

  it('fails quickly with the storage message while the bucket is away, and works again when it is back', async () => {
    const storage = fileStorage(setup.config);
    const stored = newStoredName('jpg');
    await storage.write('images', stored, new Uint8Array([7]));
    const keysBefore = await setup.s3?.keys();
    await setup.s3?.pause();
    try {
      const started = Date.now();
      const write = storage.write('images', newStoredName('jpg'), new Uint8Array([8]));
      await expect(write).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(write).rejects.toMatchObject({ status: 503, message: MESSAGES.storageUnavailable });
      await expect(storage.stat('images', stored)).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.checkReachable()).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(collect(storage.list('images'))).rejects.toBeInstanceOf(StorageUnavailableError);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await setup.s3?.resume();
    }
    expect(await setup.s3?.keys()).toEqual(keysBefore);
    expect(await readAll(await storage.openRead('images', stored))).toEqual(Buffer.from([7]));
  });
});

describe('storage settings', () => {
  it('keep local disk as the default and refuse an S3 driver without a bucket or with half a key pair', () => {
    expect(parseConfig({ NODE_ENV: 'test' }).storage).toEqual({ driver: 'local' });
    expect(() => parseConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_PREFIX: '../up' })).toThrow(/S3_PREFIX/);
    const s3 = parseConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3.storage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'b',
        region: 'auto',
        endpoint: undefined,
        credentials: undefined,
        forcePathStyle: true,
        prefix: '',
      },
    });
  });
});
