/**
 * B18: machine reading as bounded, fair work (issue 24). The bench owner's form has eight boxes of
 * the largest size allowed (a quarter of the page each) on a generated 100-megapixel sparse page
 * (sparsePages.ts); a second owner's form has the two printed boxes of an ordinary scan. The giant
 * page is uploaded with reading off; then reading is switched on (its eight fields are queued) and
 * the second owner uploads their page right after. Measured in the app process, from /proc:
 * resident memory before (after a warm-up reading, once the reader has ended), its peak while both
 * pages are read (VmHWM, reset first, and sampled) and after the reader's idle end; the peak's growth
 * is put against the image work's memory budget. And the second owner's wait, in fields: how many
 * of the giant page's fields landed between their upload and their page's last field.
 */
import fs from 'node:fs/promises';
import pg from 'pg';
import { IMAGE_MEMORY_BUDGET_BYTES } from '../src/services/images/imageWork.ts';
import { TestClient } from '../src/test/testClient.ts';
import type { BenchServer } from './benchServer.ts';
import { printedFormFields, renderPrintedScan } from './printedScans.ts';
import type { TableRow } from './results.ts';
import { createSessions, sessionCookie } from './seedData.ts';
import { largestBoxes, renderSparsePage } from './sparsePages.ts';

const GIANT_FIELDS = 8;
/** The reader ends 5 s after its last read (ocrReader.ts); memory is read after this. */
const AFTER_IDLE_MS = 8_000;
const MB = 1024 * 1024;

export interface B18Result {
  giantFields: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  peakGrowthMb: number;
  budgetMb: number;
  /** Peak growth over the image work's memory budget. */
  peakGrowthOverBudget: number;
  /** Fields of the giant page read between the second owner's upload and their page's last field. */
  secondOwnerWaitFields: number;
  secondOwnerPageMs: number;
  giantPageMs: number;
}

async function statusKb(pid: number, key: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
}

const rssMb = async (pid: number) => Math.round((await statusKb(pid, 'VmRSS')) / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readingsCount(db: pg.Client, imageId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM machine_readings WHERE image_id = $1',
    [imageId],
  );
  return rows[0]?.n ?? 0;
}

async function waitForReadings(db: pg.Client, imageId: number, count: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while ((await readingsCount(db, imageId)) < count) {
    if (Date.now() > until) throw new Error(`B18: image ${imageId} not read within ${timeoutMs} ms`);
    await sleep(100);
  }
}

async function insertForm(db: pg.Client, ownerId: number, name: string, fields: object[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO forms (name, fields, required_entries_per_image, created_by_id) VALUES ($1, $2, 2, $3) RETURNING id`,
    [name, JSON.stringify(fields), ownerId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('B18: form insert returned no id');
  return id;
}

async function upload(client: TestClient, formId: number, bytes: Buffer, filename: string): Promise<number> {
  const body = new FormData();
  body.append('image', new Blob([new Uint8Array(bytes)]), filename);
  const response = await client.post<{ id: number }>(`/api/forms/${formId}/images`, body);
  if (response.status !== 201) throw new Error(`B18 upload failed: ${response.status} ${response.text}`);
  return response.body.id;
}

async function switchOn(client: TestClient, formId: number): Promise<void> {
  const saved = await client.put(`/api/forms/${formId}/machine-reading`, { enabled: true });
  if (saved.status !== 200) throw new Error(`B18: reading not switched on: ${saved.status} ${saved.text}`);
}

/** A second owner, signed in through a session row as a sign-in would make it. */
async function secondOwner(db: pg.Client, server: BenchServer): Promise<{ id: number; client: TestClient }> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO users (username, name, password, email_verified)
     VALUES ('b18-' || substr(md5(random()::text), 1, 8) || '@example.org', 'B18 owner', 'x', true) RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('B18: user insert returned no id');
  const [token] = await createSessions(db, id, 1);
  const client = new TestClient(server.url);
  const [name, value] = sessionCookie(token ?? '').split('=');
  client.setCookie(name ?? '', value ?? '');
  return { id, client };
}

export async function runB18(server: BenchServer, log: (message: string) => void): Promise<B18Result> {
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const giantFields = largestBoxes(GIANT_FIELDS).map((region, order) => ({
      id: `g${order + 1}`,
      type: 'textarea',
      label: `Block ${order + 1}`,
      order,
      required: false,
      region,
    }));
    const giantForm = await insertForm(db, server.ownerId, 'B18 giant page', giantFields);
    const other = await secondOwner(db, server);
    const smallForm = await insertForm(db, other.id, 'B18 ordinary page', printedFormFields(true).slice(0, 2));
    await switchOn(other.client, smallForm);
    const page = await renderSparsePage();
    log(`B18: uploading the ${Math.round(page.length / 1024)} KB 100-megapixel page (reading off)`);
    const giantImage = await upload(server.client, giantForm, page, 'giant.png');
    // Warm-up: one ordinary page read (modules loaded), then the reader's idle end.
    const values = { f1: 'Miller 7', f2: 'Hughes 31' };
    await waitForReadings(
      db,
      await upload(other.client, smallForm, await renderPrintedScan(values), 'w.jpg'),
      2,
      60_000,
    );
    await sleep(AFTER_IDLE_MS);
    const rssBeforeMb = await rssMb(server.pid);

    await fs.writeFile(`/proc/${server.pid}/clear_refs`, '5'); // resets VmHWM to the current RSS
    let sampledPeakKb = 0;
    const sampler = setInterval(() => {
      void statusKb(server.pid, 'VmRSS').then((kb) => {
        sampledPeakKb = Math.max(sampledPeakKb, kb);
      });
    }, 50);
    const started = performance.now();
    await switchOn(server.client, giantForm);
    const smallImage = await upload(other.client, smallForm, await renderPrintedScan(values), 'ordinary.jpg');
    await waitForReadings(db, smallImage, 2, 120_000);
    const secondOwnerPageMs = Math.round(performance.now() - started);
    log(`B18: the second owner's page is read after ${secondOwnerPageMs} ms; reading the giant page on`);
    await waitForReadings(db, giantImage, GIANT_FIELDS, 600_000);
    const giantPageMs = Math.round(performance.now() - started);
    clearInterval(sampler);
    const peakKb = Math.max(sampledPeakKb, await statusKb(server.pid, 'VmHWM'));
    await sleep(AFTER_IDLE_MS);
    const rssAfterMb = await rssMb(server.pid);

    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM machine_readings g,
         (SELECT fi.uploaded_at, max(m.read_at) AS last_read FROM form_images fi
          JOIN machine_readings m ON m.image_id = fi.id WHERE fi.id = $1 GROUP BY fi.uploaded_at) s
       WHERE g.image_id = $2 AND g.read_at > s.uploaded_at AND g.read_at <= s.last_read`,
      [smallImage, giantImage],
    );
    const rssPeakMb = Math.round(peakKb / 1024);
    const budgetMb = Math.round(IMAGE_MEMORY_BUDGET_BYTES / MB);
    return {
      giantFields: GIANT_FIELDS,
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb,
      peakGrowthMb: rssPeakMb - rssBeforeMb,
      budgetMb,
      peakGrowthOverBudget: Math.round(((rssPeakMb - rssBeforeMb) / budgetMb) * 100) / 100,
      secondOwnerWaitFields: rows[0]?.n ?? 0,
      secondOwnerPageMs,
      giantPageMs,
    };
  } finally {
    await db.end();
  }
}

export function b18Rows(b18: B18Result): TableRow[] {
  return [
    {
      id: 'B18',
      ours: `RSS ${b18.rssBeforeMb} → peak ${b18.rssPeakMb} → ${b18.rssAfterMb} MB (100-MP page, ${b18.giantFields} fields)`,
      primitive: `image work budget ${b18.budgetMb} MB`,
      ratio: b18.peakGrowthOverBudget,
      target: '≤ 1; second owner waits ≤ 1 field',
      loopP99: `second owner waited ${b18.secondOwnerWaitFields} field(s)`,
      verdict: b18.peakGrowthOverBudget <= 1 && b18.secondOwnerWaitFields <= 1 ? 'met' : 'MISSED',
    },
  ];
}
