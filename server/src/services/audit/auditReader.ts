/**
 * Reading a form's audit trail: pages for the owner's screens, newest first, and every matching
 * event for the CSV, in batches so a long trail streams in flat memory. Both walk the
 * (form, id) indexes downward from a cursor, so an event written while someone reads never
 * shifts a page: it is newer than anything the reader will still be handed.
 */
import { AUDIT_PAGE_SIZE, type AuditKind, type AuditQuery } from '@formscribe/common/schemas/audit';
import type { Knex } from 'knex';

/** One row of `audit_events` as knex gives it (keys camel-cased; bigint ids arrive as text). */
export interface AuditRow {
  id: string | number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  kind: AuditKind;
  imageId: number | null;
  fieldId: string | null;
  before: unknown;
  after: unknown;
}

export type AuditFilters = Omit<AuditQuery, 'cursor'>;

const CSV_BATCH = 1_000;

function selectEvents(knex: Knex, formId: number, filters: AuditFilters, before: number | undefined, limit: number) {
  const query = knex<AuditRow>('audit_events')
    .select('id', 'at', 'actorId', 'actorName', 'kind', 'imageId', 'fieldId', 'before', 'after')
    .where('formId', formId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (filters.imageId !== undefined) query.andWhere('imageId', filters.imageId);
  if (filters.kind !== undefined) query.andWhere('kind', filters.kind);
  if (before !== undefined) query.andWhere('id', '<', before);
  return query;
}

/** One page from `cursor` (the last id the reader saw); `nextCursor` is null on the last page. */
export async function readAuditPage(
  knex: Knex,
  formId: number,
  query: AuditQuery,
): Promise<{ rows: AuditRow[]; nextCursor: number | null }> {
  const { cursor, ...filters } = query;
  // One more than a page says whether another page follows.
  const rows: AuditRow[] = await selectEvents(knex, formId, filters, cursor, AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? Number(last.id) : null };
}

/** Every matching event, newest first (the pages' order), a batch at a time. */
export async function* allAuditEvents(knex: Knex, formId: number, filters: AuditFilters): AsyncGenerator<AuditRow[]> {
  let before: number | undefined;
  for (;;) {
    const rows: AuditRow[] = await selectEvents(knex, formId, filters, before, CSV_BATCH);
    const last = rows.at(-1);
    if (!last) return;
    yield rows;
    if (rows.length < CSV_BATCH) return;
    before = Number(last.id);
  }
}
