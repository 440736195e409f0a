/**
 * The rows of imports: created with their job, their figures saved as the worker goes, and ended
 * once. Every write after creation is conditional on the import still running, so a cancel (a
 * DELETE from the owner) wins over a worker that has not noticed it yet.
 */
import type { RefusedImportItem } from '@formscribe/common/schemas/imports';
import type { Knex } from 'knex';
import { FormImport } from '../../models/index.ts';

/** An import keeps this many refusals; a summary longer than that names the rest by their count. */
export const MAX_REFUSALS_KEPT = 1_000;

/** How many imports the form's list shows (running ones are always among them). */
const LISTED_IMPORTS = 20;

export interface ImportFigures {
  found: number;
  imported: number;
  duplicates: number;
  processed: number;
  refused: RefusedImportItem[];
}

export async function findFormImport(knex: Knex, formId: number, importId: number) {
  return FormImport.query(knex).findOne({ id: importId, formId });
}

/** The form's imports, running ones first, then the newest. */
export async function listFormImports(knex: Knex, formId: number): Promise<FormImport[]> {
  return FormImport.query(knex)
    .where({ formId })
    .orderByRaw("(status = 'running') DESC, created_at DESC, id DESC")
    .limit(LISTED_IMPORTS);
}

/** Saves the worker's figures; undefined when the import no longer runs (cancelled or gone). */
export async function saveImportFigures(knex: Knex, importId: number, figures: ImportFigures) {
  const rows = await FormImport.query(knex)
    .patch({
      found: knex.raw('GREATEST(found, ?)', [figures.found]) as unknown as number,
      imported: figures.imported,
      duplicates: figures.duplicates,
      processed: figures.processed,
      refused: figures.refused,
      updatedAt: new Date(),
    })
    .where({ id: importId, status: 'running' })
    .returning('*');
  return rows[0];
}

/** Ends a running import (done or failed); undefined when it had already ended. */
export async function endImport(knex: Knex, importId: number, status: 'done' | 'failed', reason: string | null = null) {
  const rows = await FormImport.query(knex)
    .patch({ status, reason, finishedAt: new Date(), updatedAt: new Date() })
    .where({ id: importId, status: 'running' })
    .returning('*');
  return rows[0];
}

/** The owner's cancel: a running import stops at its next page; an ended one is left as it was. */
export async function cancelFormImport(knex: Knex, formId: number, importId: number) {
  const rows = await FormImport.query(knex)
    .patch({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
    .where({ id: importId, formId, status: 'running' })
    .returning('*');
  return rows[0] ?? (await findFormImport(knex, formId, importId));
}

/** The container is gone from storage: the row no longer points at it. */
export async function forgetStoredContainer(knex: Knex, importId: number): Promise<void> {
  await FormImport.query(knex).patch({ storedName: null }).where({ id: importId });
}
