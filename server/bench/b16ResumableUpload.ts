/**
 * B16: a 1 GB file uploaded resumably (tus, routes/imports/resumableUploads.ts) through a proxy
 * that cuts the connection three times, each mid-chunk, as a flaky line would. It must complete,
 * and what the client sends again (everything through the proxy beyond the file's own bytes: the
 * bytes each cut lost, plus the requests' headers) must stay under three chunks, one per cut. The
 * same file sent through the same proxy without cuts, in the same run, gives the time the cuts
 * cost. The file is sparse (1 GB of zeros that take no disk), read a slice at a time by
 * tus-js-client; nothing holds it in memory. The bench owner is put on Professional, whose 4 GB
 * cap is the one that then applies, and a new form takes the upload.
 */

import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { CuttingProxy } from '../src/test/cuttingProxy.ts';
import { uploadWithTus } from '../src/test/tusTestClient.ts';
import type { BenchServer } from './benchServer.ts';
import type { TableRow } from './results.ts';

const FILE_BYTES = 1024 ** 3;
const CHUNK_BYTES = 8 * 1024 * 1024;
const CUTS = 3;
/** Where the cuts fall: a quarter, a half and three quarters in, each a little into a chunk. */
const CUT_AT = [0.25, 0.5, 0.75].map((share) => Math.round(FILE_BYTES * share) + 3 * 1024 * 1024 + 12_345);
const MB = 1024 * 1024;

export interface B16Result {
  fileMb: number;
  chunkMb: number;
  cuts: number;
  completed: boolean;
  /** Bytes sent beyond the file's own: lost by the cuts, plus request headers. */
  sentAgainBytes: number;
  /** Three chunks' worth: one per cut. */
  sentAgainLimitBytes: number;
  cutSeconds: number;
  uncutSeconds: number;
  /** Time with cuts over time without: what the cuts and the resumptions cost. */
  ratio: number;
  loopDelayP99Ms: number;
}

async function proUploadForm(server: BenchServer): Promise<number> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    await db.query("UPDATE users SET plan = 'professional' WHERE id = $1", [server.ownerId]);
  } finally {
    await db.end();
  }
  const created = await server.client.post<{ id: number }>('/api/forms', { name: 'B16 resumable upload', fields: [] });
  if (created.status !== 201) throw new Error(`B16 form: ${created.status} ${created.text}`);
  return created.body.id;
}

/** Uploads the file through a proxy cutting at `cutAt`; the seconds it took and what the proxy saw. */
async function uploadThrough(server: BenchServer, formId: number, file: string, cutAt: number[]) {
  const proxy = await CuttingProxy.start(server.url, cutAt);
  const started = performance.now();
  try {
    await uploadWithTus({
      endpoint: `${proxy.url}/api/forms/${formId}/uploads`,
      file: createReadStream(file),
      size: FILE_BYTES,
      filename: 'b16/one-gigabyte.pdf',
      headers: { cookie: `${SESSION_COOKIE}=${server.client.cookie(SESSION_COOKIE)}`, origin: proxy.url },
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 500, 1000, 2000],
    });
    return { seconds: (performance.now() - started) / 1000, sent: proxy.bytesFromClients, cuts: proxy.cuts };
  } finally {
    await proxy.stop();
  }
}

export async function runB16(server: BenchServer, log: (message: string) => void): Promise<B16Result> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'formscribe-b16-'));
  const file = path.join(dir, 'one-gigabyte.pdf');
  try {
    const handle = await fs.open(file, 'w');
    await handle.truncate(FILE_BYTES);
    await handle.close();
    const formId = await proUploadForm(server);

    log('B16: 1 GB without cuts (the comparison)');
    const uncut = await uploadThrough(server, formId, file, []);
    log(`B16: 1 GB with ${CUTS} cuts mid-chunk`);
    const { result: cut, loop } = await server.measureLoop(() => uploadThrough(server, formId, file, CUT_AT));
    const sentAgainBytes = cut.sent - FILE_BYTES;
    return {
      fileMb: FILE_BYTES / MB,
      chunkMb: CHUNK_BYTES / MB,
      cuts: cut.cuts,
      completed: true,
      sentAgainBytes,
      sentAgainLimitBytes: CUTS * CHUNK_BYTES,
      cutSeconds: Math.round(cut.seconds * 10) / 10,
      uncutSeconds: Math.round(uncut.seconds * 10) / 10,
      ratio: Math.round((cut.seconds / uncut.seconds) * 100) / 100,
      loopDelayP99Ms: Math.round(loop.p99Ms * 10) / 10,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function b16Rows(r: B16Result): TableRow[] {
  const met = r.completed && r.cuts === CUTS && r.sentAgainBytes < r.sentAgainLimitBytes;
  return [
    {
      id: 'B16',
      ours: `1 GB, ${r.cuts} cuts: ${r.cutSeconds} s; sent again ${(r.sentAgainBytes / MB).toFixed(1)} MB`,
      primitive: `no cuts: ${r.uncutSeconds} s`,
      ratio: r.ratio,
      target: `completes; sent again < ${r.sentAgainLimitBytes / MB} MB (${CUTS} chunks)`,
      loopP99: `${r.loopDelayP99Ms} ms`,
      verdict: met ? 'met' : 'MISSED',
    },
  ];
}
