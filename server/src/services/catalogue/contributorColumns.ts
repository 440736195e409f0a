/**
 * Which catalogue columns contributors see while entering an image ("Box 12, Folder 3"): the
 * owner's choice, kept with the form's catalogue (form_catalogues.contributor_columns) and in the
 * catalogue's column order. Managers always see every column; everyone else only these.
 */
import { CONTRIBUTOR_COLUMNS_MESSAGES, type FormCatalogue } from '@formscribe/common/schemas/catalogue';
import type { Knex } from 'knex';
import { badRequest, notFound } from '../../errors.ts';
import { Form, FormImage } from '../../models/index.ts';
import { FORM_NOT_FOUND } from '../../policies/forms.ts';

/** A form_catalogues row as knex answers it (its snake-case mappers camel-case the keys). */
interface CatalogueRow {
  columns: string[];
  contributorColumns: string[];
}

/** The form's catalogue columns and those contributors see (none of either without a catalogue). */
export async function readFormCatalogue(db: Knex | Knex.Transaction, formId: number): Promise<FormCatalogue> {
  const row = await db('form_catalogues')
    .where({ form_id: formId })
    .first<CatalogueRow | undefined>('columns', 'contributorColumns');
  return { columns: row?.columns ?? [], contributorColumns: row?.contributorColumns ?? [] };
}

/**
 * Makes `columns` the ones contributors see. Each must be a column of the current catalogue (the
 * first that is not is named in the 400, and nothing changes). Under the form's row lock, like a
 * catalogue upload, so a choice never names a column of a catalogue just replaced.
 */
export async function chooseContributorColumns(knex: Knex, formId: number, columns: string[]): Promise<FormCatalogue> {
  return knex.transaction(async (trx) => {
    const form = await Form.query(trx).findById(formId).forUpdate();
    if (!form) throw notFound(FORM_NOT_FOUND);
    const row = await trx('form_catalogues').where({ form_id: formId }).first<CatalogueRow | undefined>('columns');
    if (!row) throw badRequest(CONTRIBUTOR_COLUMNS_MESSAGES.noCatalogue);
    const unknown = columns.find((column) => !row.columns.includes(column));
    if (unknown !== undefined) throw badRequest(CONTRIBUTOR_COLUMNS_MESSAGES.unknownColumn(unknown));
    const contributorColumns = row.columns.filter((column) => columns.includes(column));
    await trx('form_catalogues')
      .where({ form_id: formId })
      .update({ contributorColumns: JSON.stringify(contributorColumns) });
    return { columns: row.columns, contributorColumns };
  });
}

/**
 * The columns contributors see, for presenting `images` of the form to them. Images without
 * catalogue data (every image of a form without a catalogue) have nothing to show: no read then.
 */
export async function contributorColumnsFor(formId: number, images: readonly FormImage[]): Promise<string[]> {
  if (!images.some((image) => Object.keys(image.metadata ?? {}).length > 0)) return [];
  return (await readFormCatalogue(FormImage.knex(), formId)).contributorColumns;
}

/** The part of an image's catalogue data that contributors see. */
export function metadataForContributors(
  metadata: Record<string, string>,
  contributorColumns: readonly string[],
): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const column of contributorColumns) {
    const value = metadata[column];
    if (value !== undefined) shown[column] = value;
  }
  return shown;
}
