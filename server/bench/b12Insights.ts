/**
 * B12: each Insights figure's latency on the large form (100k images × 20 fields × 3 entries),
 * through the app (HTTP, session, policy, service, presenter, JSON): agreement, field difficulty,
 * throughput and the heatmap, plus contributors' disagreements (keyset pages): one contributor with
 * none (every entry agrees) and one who misread a verified field on one image in ten (first page,
 * and a page halfway down the list). The seeder writes rows behind the app's back, so the figures
 * are first filled by the repair recount (services/insights/insightsRecount.ts), whose duration is
 * reported too. The owner is made Professional, as Insights requires.
 */
import knex from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import type pg from 'pg';
import { recountFormInsights } from '../src/services/insights/insightsRecount.ts';
import type { BenchServer } from './benchServer.ts';
import { median, round, timed } from './measure.ts';
import type { TableRow } from './results.ts';

/** Each figure should answer well within a page view's budget at this size. */
const TARGET_MS = 150;

export interface B12Result {
  figure: string;
  images: number;
  recountSeconds: number;
  latencyMs: Record<string, number>;
  targetMs: number;
  loopDelayP99Ms: number;
}

async function fillFigures(databaseUrl: string, db: pg.Pool, formId: number): Promise<number> {
  // The daily figures as the migration backfills them; the per-image shares by the repair job.
  await db.query(
    `INSERT INTO form_daily_activity (form_id, day, submissions)
     SELECT form_id, (submitted_at AT TIME ZONE 'UTC')::date, count(*)::int FROM form_submissions WHERE form_id = $1 GROUP BY 1, 2
     ON CONFLICT (form_id, day, slot) DO UPDATE SET submissions = EXCLUDED.submissions`,
    [formId],
  );
  await db.query(
    `INSERT INTO form_daily_contributors (form_id, day, user_id)
     SELECT DISTINCT form_id, (submitted_at AT TIME ZONE 'UTC')::date, submitted_by_id FROM form_submissions
     WHERE form_id = $1 AND submitted_by_id IS NOT NULL ON CONFLICT DO NOTHING`,
    [formId],
  );
  const connection = knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: 0, max: 2 },
    ...knexSnakeCaseMappers(),
  });
  try {
    return await timed(() => recountFormInsights(connection, formId));
  } finally {
    await connection.destroy();
  }
}

/** Field f01 is verified on every seeded image (seedData.ts: at least 13 of 20 fields agree). */
const MISREAD_FIELD = 'f01';
const MISREAD_SQL = `image_id % 10 = 3`;

/** The form's three contributors, in the order they entered each image (the first agrees on every field). */
async function contributors(db: pg.Pool, formId: number): Promise<number[]> {
  const { rows } = await db.query(
    `SELECT submitted_by_id AS id FROM form_submissions
     WHERE image_id = (SELECT image_id FROM form_submissions WHERE form_id = $1 LIMIT 1) ORDER BY submitted_at`,
    [formId],
  );
  return rows.map((row: { id: number }) => row.id);
}

/** A cursor halfway down the contributor's disagreements (the list's own order). */
async function middleCursor(db: pg.Pool, formId: number, userId: number): Promise<string> {
  const { rows } = await db.query(
    `SELECT submission_id, field_id FROM contributor_disagreements WHERE form_id = $1 AND user_id = $2
     ORDER BY submission_id DESC, field_id DESC
     OFFSET (SELECT count(*) / 2 FROM contributor_disagreements WHERE form_id = $1 AND user_id = $2) LIMIT 1`,
    [formId, userId],
  );
  const row = rows[0] as { submission_id: number; field_id: string } | undefined;
  if (!row) throw new Error('the misreading contributor has no disagreements');
  return encodeURIComponent(`${row.submission_id}.${row.field_id}`);
}

export async function runB12(
  server: BenchServer,
  db: pg.Pool,
  form: { id: number; images: number },
  samples = 9,
): Promise<B12Result> {
  await db.query(`UPDATE users SET plan = 'professional' WHERE id = $1`, [server.ownerId]);
  const [agreeing, misreading] = await contributors(db, form.id);
  if (!agreeing || !misreading) throw new Error('the large form has entries by three contributors');
  // Taken back after timing: B4 exports this form next.
  await db.query(
    `UPDATE form_submissions SET data = jsonb_set(data, ARRAY[$3], '"Misread"')
     WHERE form_id = $1 AND submitted_by_id = $2 AND ${MISREAD_SQL}`,
    [form.id, misreading, MISREAD_FIELD],
  );
  const recountMs = await fillFigures(server.databaseUrl, db, form.id);
  const disagreements = (userId: number) => `contributors/${userId}/disagreements`;
  const paths: Record<string, string> = {
    agreement: 'agreement',
    'field difficulty': 'field-difficulty',
    throughput: 'throughput',
    heatmap: 'heatmap',
    'disagreements none': disagreements(agreeing),
    'disagreements first page': disagreements(misreading),
    'disagreements middle page': `${disagreements(misreading)}?cursor=${await middleCursor(db, form.id, misreading)}`,
  };
  const { result, loop } = await server.measureLoop(async () => {
    const latency: Record<string, number> = {};
    for (const [name, path] of Object.entries(paths)) {
      const get = async () => {
        const res = await server.client.get(`/api/forms/${form.id}/insights/${path}`);
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${res.text.slice(0, 200)}`);
      };
      await get();
      const times: number[] = [];
      for (let i = 0; i < samples; i++) times.push(await timed(get));
      latency[name] = round(median(times), 1);
    }
    return latency;
  });
  await db.query(
    `UPDATE form_submissions s SET data = jsonb_set(s.data, ARRAY[$3], i.field_status -> $3 -> 'verifiedValue')
     FROM form_images i WHERE i.id = s.image_id AND s.form_id = $1 AND s.submitted_by_id = $2 AND s.${MISREAD_SQL}`,
    [form.id, misreading, MISREAD_FIELD],
  );
  return {
    figure: `Insights figures' latency, ${form.images} images × 20 fields × 3 entries`,
    images: form.images,
    recountSeconds: round(recountMs / 1000, 1),
    latencyMs: result,
    targetMs: TARGET_MS,
    loopDelayP99Ms: round(loop.p99Ms, 1),
  };
}

export function b12Rows(r: B12Result): TableRow[] {
  const rows: TableRow[] = Object.entries(r.latencyMs).map(([name, ms]) => ({
    id: `B12 ${name}`,
    ours: `${ms} ms GET ${name}`,
    primitive: '(absolute)',
    ratio: round(ms / r.targetMs),
    target: `< ${r.targetMs} ms`,
    loopP99: `${r.loopDelayP99Ms} ms`,
    verdict: ms < r.targetMs ? 'met' : 'MISSED',
  }));
  rows.push({
    id: 'B12 recount',
    ours: `${r.recountSeconds} s repair recount`,
    primitive: '(info)',
    ratio: 0,
    target: '(info)',
    loopP99: '–',
    verdict: 'one-off repair',
  });
  return rows;
}
