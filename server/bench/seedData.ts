/**
 * Bench data generated set-based inside PostgreSQL (generate_series), so 100k images × 20 fields ×
 * 3 entries take seconds rather than the hours the HTTP routes would. The rows are what the app
 * itself would have written: entries in form_submissions and field_values, and the per-image state
 * it keeps on form_images (entry and field counts, field_status, completion), consistent with a
 * verification threshold of 2 — 90% of images fully verified, the rest missing 1–7 fields.
 */

import type { FormField } from '@formscribe/common/fields';
import pg from 'pg';
import { createKnex } from '../src/db/knex.ts';
import { IMAGE_NUMBERS_LOCK } from '../src/services/images/uploadLimits.ts';
import { hashToken, newSecretToken } from '../src/services/secureTokens.ts';
import { SESSION_COOKIE } from '../src/services/sessions.ts';
import { recountFormCounters } from '../src/services/stats/formCounters.ts';

export const FIELD_COUNT = 20;
export const THRESHOLD = 2;

/**
 * Connections for bulk loading, one per core: each statement is split into disjoint halves run at
 * once. The generated rows are consistent by construction, so foreign-key triggers (four per
 * field_values row, 24M lookups at full size) are skipped the way pg_restore does
 * (`session_replication_role = replica`, which needs the superuser the bench database has).
 */
export class Seeder {
  private constructor(
    readonly clients: readonly pg.Client[],
    private readonly databaseUrl: string,
  ) {}

  /** Seeding bypasses the app and its counters: the form's figures are recounted after, as the repair job does. */
  async recountForm(formId: number): Promise<void> {
    const knex = createKnex(this.databaseUrl, 1);
    try {
      await recountFormCounters(knex, formId);
    } finally {
      await knex.destroy();
    }
  }

  static async open(databaseUrl: string, parallel = 2): Promise<Seeder> {
    const clients = Array.from(
      { length: parallel },
      () =>
        new pg.Client({
          connectionString: databaseUrl,
          options: '-c session_replication_role=replica -c synchronous_commit=off',
        }),
    );
    await Promise.all(clients.map((client) => client.connect()));
    return new Seeder(clients, databaseUrl);
  }

  get db(): pg.ClientBase {
    const first = this.clients[0];
    if (!first) throw new Error('no seeding connection');
    return first;
  }

  /** Runs `sql` once per connection with `$parts` and `$part` bound last, for disjoint halves. */
  async split(sql: string, values: unknown[]): Promise<void> {
    const parts = this.clients.length;
    await Promise.all(this.clients.map((client, part) => client.query(sql, [...values, parts, part])));
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((client) => client.end()));
  }
}

const fieldId = (n: number) => `f${String(n).padStart(2, '0')}`;

/** 20 data fields; every fifth is a number (numbers are normalised differently by consensus). */
export const BENCH_FIELDS: FormField[] = Array.from({ length: FIELD_COUNT }, (_, i) => ({
  id: fieldId(i + 1),
  type: (i + 1) % 5 === 0 ? 'number' : 'text',
  label: `Field ${i + 1}`,
  order: i,
  required: false,
}));

/** One entry's value for field number `n` of image `id`, the same in TypeScript and SQL. */
export function benchValue(imageId: number, n: number): string {
  return n % 5 === 0 ? String((imageId + n) % 100) : `Value ${imageId}-${n}`;
}
const valueSql = (id: string, n: string) =>
  `(CASE WHEN ${n} % 5 = 0 THEN ((${id} + ${n}) % 100)::text ELSE 'Value ' || ${id} || '-' || ${n} END)`;
const fieldIdSql = (n: string) => `('f' || lpad(${n}::text, 2, '0'))`;

export async function createBenchForm(db: pg.ClientBase, ownerId: number, name: string): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO forms (name, fields, required_entries_per_image, created_by_id) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, JSON.stringify(BENCH_FIELDS), THRESHOLD, ownerId],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('form insert returned no id');
  return id;
}

export interface Contributor {
  id: number;
  username: string;
}

/**
 * Users with access to the form (as an accepted invite gives). By default they cannot log in by
 * password; pass a real hash (hashPassword) for accounts that could.
 */
export async function createContributors(
  db: pg.ClientBase,
  formId: number,
  count: number,
  passwordHash = 'x',
): Promise<Contributor[]> {
  const { rows } = await db.query<Contributor>(
    `INSERT INTO users (username, name, password, email_verified)
     SELECT format('bench-%s-%s-%s@example.org', $1::int, n, substr(md5(random()::text), 1, 6)), 'Bench ' || n, $3, true
     FROM generate_series(1, $2::int) n RETURNING id, username`,
    [formId, count, passwordHash],
  );
  await db.query(`INSERT INTO form_access (form_id, user_id) SELECT $1, unnest($2::int[])`, [
    formId,
    rows.map((r) => r.id),
  ]);
  return rows;
}

/** Session tokens for `userId`, inserted as a sign-in would (one per simulated browser tab). */
export async function createSessions(db: pg.ClientBase, userId: number, count: number): Promise<string[]> {
  const tokens = Array.from({ length: count }, () => newSecretToken());
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, persistent, expires_at)
     SELECT $1, unnest($2::text[]), false, now() + interval '1 day'`,
    [userId, tokens.map(hashToken)],
  );
  return tokens;
}

/** One session token per user, in one statement (a crowd that has just signed in). */
export async function createSessionPerUser(db: pg.ClientBase, userIds: readonly number[]): Promise<string[]> {
  const tokens = userIds.map(() => newSecretToken());
  await db.query(
    `INSERT INTO sessions (user_id, token_hash, persistent, expires_at)
     SELECT unnest($1::int[]), unnest($2::text[]), false, now() + interval '1 day'`,
    [userIds, tokens.map(hashToken)],
  );
  return tokens;
}

export const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}`;

/** A submission's body for `imageId`: every field filled in, as the entry screen sends it. */
export function benchEntry(imageId: number): Record<string, string> {
  return Object.fromEntries(BENCH_FIELDS.map((field, i) => [field.id, benchValue(imageId, i + 1)]));
}

export async function imageIds(db: pg.ClientBase, formId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>('SELECT id FROM form_images WHERE form_id = $1 ORDER BY id', [
    formId,
  ]);
  return rows.map((row) => row.id);
}

/** Images without entries yet (B2 submits to them). */
export async function seedEmptyImages(seeder: Seeder, formId: number, count: number): Promise<void> {
  await seeder.db.query(
    `INSERT INTO form_images (form_id, number, filename, original_name, source_file_name, mime_type, size, total_field_count)
     SELECT $1, (SELECT coalesce(max(number), 0) FROM form_images WHERE form_id = $1) + i,
       format('bench-%s-%s.jpg', $1::int, i), format('page-%s.jpg', lpad(i::text, 7, '0')),
       format('page-%s.jpg', lpad(i::text, 7, '0')), 'image/jpeg', 2500000, $3
     FROM generate_series(1, $2::int) i`,
    [formId, count, FIELD_COUNT],
  );
  await seeder.recountForm(formId);
  await seeder.db.query('ANALYZE form_images');
}

/**
 * `count` more empty images on a form that is in use, as an owner's steady uploads would add them:
 * the form's image counter moves by as many in the same transaction (new images are open, with
 * nothing verified), where seedEmptyImages recounts the whole form, work that grows with it.
 */
export async function addEmptyImages(seeder: Seeder, formId: number, count: number): Promise<void> {
  // Numbered as uploads number theirs, under the same lock (the numbering trigger is off here).
  await seeder.db.query('BEGIN');
  await seeder.db.query('SELECT pg_advisory_xact_lock($1, $2)', [IMAGE_NUMBERS_LOCK, formId]);
  await seeder.db.query(
    `WITH added AS (
       INSERT INTO form_images (form_id, number, filename, original_name, source_file_name, mime_type, size, total_field_count)
       SELECT $1, (SELECT coalesce(max(number), 0) FROM form_images WHERE form_id = $1) + i,
         format('bench-%s-%s.jpg', $1::int, gen_random_uuid()), format('added-%s.jpg', i),
         format('added-%s.jpg', i), 'image/jpeg', 2500000, $3
       FROM generate_series(1, $2::int) i
       RETURNING 1
     )
     UPDATE forms SET image_count = image_count + (SELECT count(*) FROM added) WHERE id = $1`,
    [formId, count, FIELD_COUNT],
  );
  await seeder.db.query('COMMIT');
}

/**
 * `count` images with three entries each (by the first three contributors) when `withEntries`,
 * else only their stored state (what exports read). Ids come from the table's own sequence so
 * values can be derived from them.
 */
export async function seedVerifiedImages(
  seeder: Seeder,
  formId: number,
  count: number,
  contributors: readonly Contributor[],
  withEntries: boolean,
): Promise<void> {
  // Verified field count: 20 for 9 images in 10, else 13–19 (the rest disagree).
  await seeder.split(
    `WITH g AS (
       SELECT nextval('form_images_id_seq')::int AS id, i, CASE WHEN i % 10 = 0 THEN 19 - i % 7 ELSE ${FIELD_COUNT} END AS v
       FROM generate_series($4::int + 1, $2::int, $3::int) i
     )
     INSERT INTO form_images (id, form_id, number, filename, original_name, source_file_name, mime_type, size,
       uploaded_at, entry_count, verified_field_count, total_field_count, field_status, is_complete, completed_at,
       last_submission_at)
     SELECT g.id, $1, g.i, format('bench-%s-%s.jpg', $1::int, g.i), format('page-%s.jpg', lpad(g.i::text, 7, '0')),
       format('page-%s.jpg', lpad(g.i::text, 7, '0')),
       'image/jpeg', 2500000, now() - interval '30 days' + g.i * interval '1 second', 3, g.v, ${FIELD_COUNT},
       (SELECT jsonb_object_agg(${fieldIdSql('n')}, jsonb_build_object('isVerified', n <= g.v,
          'verifiedValue', CASE WHEN n <= g.v THEN ${valueSql('g.id', 'n')} END))
        FROM generate_series(1, ${FIELD_COUNT}) n),
       g.v = ${FIELD_COUNT}, CASE WHEN g.v = ${FIELD_COUNT} THEN now() - interval '1 day' END,
       now() - interval '29 days' + g.i * interval '1 second'
     FROM g`,
    [formId, count],
  );
  if (withEntries) await seedEntries(seeder, formId, contributors.slice(0, 3));
  await seeder.recountForm(formId);
  await seeder.db.query('VACUUM ANALYZE form_images');
}

/** Three entries per image: the first two agree on the verified fields, the third on all of them. */
async function seedEntries(seeder: Seeder, formId: number, contributors: readonly Contributor[]): Promise<void> {
  if (contributors.length < 3) throw new Error('three entries need three contributors');
  await seeder.split(
    `INSERT INTO form_submissions (form_id, image_id, submitted_by_id, submitted_by_email, data, status, submitted_at)
     SELECT img.form_id, img.id, u.id, u.username,
       (SELECT jsonb_object_agg(${fieldIdSql('n')}, CASE WHEN n <= img.verified_field_count OR u.k = 1
          THEN ${valueSql('img.id', 'n')} ELSE 'Differs ' || u.k END)
        FROM generate_series(1, ${FIELD_COUNT}) n),
       'submitted', img.last_submission_at - (3 - u.k) * interval '1 minute'
     FROM form_images img
     CROSS JOIN unnest($2::int[], $3::text[]) WITH ORDINALITY AS u(id, username, k)
     WHERE img.form_id = $1 AND img.id % $4 = $5`,
    [formId, contributors.map((c) => c.id), contributors.map((c) => c.username)],
  );
  await seeder.split(
    `INSERT INTO field_values (form_id, image_id, field_name, value, submitted_by_id, submission_id, submitted_at)
     SELECT s.form_id, s.image_id, d.key, d.value, s.submitted_by_id, s.id, s.submitted_at
     FROM form_submissions s CROSS JOIN LATERAL jsonb_each_text(s.data) d
     WHERE s.form_id = $1 AND s.image_id % $2 = $3`,
    [formId],
  );
  // Triggers are off while seeding (replica role): the contributors' standing on the images left
  // open is stated here, as the migration counts it (20270103000100_contributor_open_images).
  await seeder.db.query(
    `INSERT INTO contributor_open_images (image_id, user_id, form_id)
     SELECT s.image_id, s.submitted_by_id, s.form_id FROM form_submissions s JOIN form_images fi ON fi.id = s.image_id
     WHERE s.form_id = $1 AND NOT fi.is_complete ON CONFLICT DO NOTHING`,
    [formId],
  );
  await seeder.db.query('ANALYZE form_submissions');
  await seeder.db.query('ANALYZE field_values');
}
