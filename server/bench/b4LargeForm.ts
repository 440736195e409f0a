/**
 * B4's larger form, for the exports' memory growth: copies of the large form's complete image
 * rows (the rows a `verified` export reads), grown in steps so XLSX can be measured at a few
 * hundred thousand rows before CSV's million. Seeding a million rows is most of B4's time, so it
 * loads as pg_restore does: the trigram search index (its per-row upkeep was 60% of each insert,
 * 11.2 s against 4.6 s per 100k rows) is dropped while the form grows and built once at the end,
 * exactly as its stored definition says, after the form is deleted again. The exports never read
 * that index.
 */
import type { Seeder } from './seedData.ts';
import { createBenchForm } from './seedData.ts';

const SEARCH_INDEX = 'form_images_search_trgm';

export class LargeExportForm {
  private copies = 0;

  private constructor(
    private readonly seeder: Seeder,
    private readonly fromFormId: number,
    private readonly rowsPerCopy: number,
    readonly formId: number,
    private searchIndexSql: string | undefined,
  ) {}

  /** An empty form, with the search index dropped until `close()`. */
  static async create(seeder: Seeder, fromFormId: number, ownerId: number): Promise<LargeExportForm> {
    const formId = await createBenchForm(seeder.db, ownerId, 'B4 larger form');
    const { rows } = await seeder.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM form_images WHERE form_id = $1 AND is_complete',
      [fromFormId],
    );
    const rowsPerCopy = rows[0]?.n ?? 0;
    if (!rowsPerCopy) throw new Error('the large form has no complete images to copy');
    const index = await seeder.db.query<{ sql: string }>(
      `SELECT pg_get_indexdef(to_regclass($1)) AS sql WHERE to_regclass($1) IS NOT NULL`,
      [SEARCH_INDEX],
    );
    const searchIndexSql = index.rows[0]?.sql;
    if (searchIndexSql) await seeder.db.query(`DROP INDEX ${SEARCH_INDEX}`);
    return new LargeExportForm(seeder, fromFormId, rowsPerCopy, formId, searchIndexSql);
  }

  get rows(): number {
    return this.copies * this.rowsPerCopy;
  }

  /** Adds copies until the form has at least `rows` complete images (at least one copy in all). */
  async growTo(rows: number): Promise<void> {
    const target = Math.max(1, Math.ceil(rows / this.rowsPerCopy));
    if (target <= this.copies) return;
    // Each copy's numbers follow the last copy's; the halves split by copy number.
    await this.seeder.split(
      `INSERT INTO form_images (form_id, number, filename, original_name, source_file_name, mime_type, size,
         uploaded_at, entry_count, verified_field_count, total_field_count, field_status, is_complete, completed_at,
         last_submission_at)
       SELECT $2, number + (k - 1) * (SELECT max(number) FROM form_images WHERE form_id = $1),
         format('copy-%s-%s-%s', $2::int, k, filename), original_name, source_file_name, mime_type, size, uploaded_at,
         entry_count, verified_field_count, total_field_count, field_status, is_complete, completed_at,
         last_submission_at
       FROM form_images CROSS JOIN generate_series($3::int + 1, $4::int) k
       WHERE form_id = $1 AND is_complete AND k % $5 = $6`,
      [this.fromFormId, this.formId, this.copies, target],
    );
    this.copies = target;
    await this.seeder.recountForm(this.formId);
    // Now rather than by autovacuum during a later benchmark; only the new pages are visited.
    await this.seeder.db.query('VACUUM ANALYZE form_images');
  }

  /**
   * Deletes the form (so the benchmarks after B4 run on the tables they always had, not beside a
   * million rows autovacuum would then visit), builds the search index again and ends the
   * checkpoint all that asked for. Idempotent.
   */
  async close(): Promise<void> {
    const { db } = this.seeder;
    if (this.copies) {
      this.copies = 0;
      // The rows as replica (nothing refers to them; no renumbering), then the form as the app deletes it.
      await db.query('DELETE FROM form_images WHERE form_id = $1', [this.formId]);
      await db.query(`SET session_replication_role = origin`);
      await db.query('DELETE FROM forms WHERE id = $1', [this.formId]);
      await db.query(`SET session_replication_role = replica`);
      await db.query('VACUUM ANALYZE form_images');
    }
    if (!this.searchIndexSql) return;
    const sql = this.searchIndexSql;
    this.searchIndexSql = undefined;
    await db.query(`SET maintenance_work_mem = '256MB'`);
    await db.query(sql);
    await db.query('RESET maintenance_work_mem');
    // The million rows, their deletion and the index filled the WAL several times over: PostgreSQL
    // was still writing a checkpoint it had asked for, and while one runs the first change to each
    // page logs the whole page. Ended here, it is not charged to B8 and B9, which come next.
    await db.query('CHECKPOINT');
  }
}
