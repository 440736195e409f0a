/**
 * A form's catalogue, kept per form so that it applies to scans uploaded before and after it.
 * Images carry a copy of their row (form_images.metadata) so that lists and exports read it
 * without a join; `MATCHED_METADATA` is the one place that decides which row an image gets:
 * the row for its file and page, else the row for its file without a page (every page of it),
 * laid over what the image's source said of it (a IIIF canvas's label and metadata).
 */
import type { CatalogueResponse } from '@formscribe/common/schemas/catalogue';
import type { Knex } from 'knex';
import { notFound } from '../../errors.ts';
import { Form } from '../../models/index.ts';
import { FORM_NOT_FOUND } from '../../policies/forms.ts';
import type { Catalogue } from './catalogueRows.ts';

const INSERT_BATCH_ROWS = 1_000;

/**
 * The metadata of image `i`'s catalogue row, and none when no row matches (a replaced catalogue
 * leaves nothing of the old one behind).
 */
const MATCHED_METADATA = `i.source_metadata || coalesce((
  SELECT r.metadata FROM form_catalogue_rows r
  WHERE r.form_id = i.form_id AND r.file_name = i.source_file_name
    AND (r.page IS NULL OR r.page = i.source_page)
  ORDER BY r.page NULLS LAST LIMIT 1), '{}'::jsonb)`;

/** Gives every image of the form the metadata of its catalogue row. */
async function applyCatalogue(trx: Knex.Transaction, formId: number): Promise<void> {
  await trx.raw(`UPDATE form_images i SET metadata = ${MATCHED_METADATA} WHERE i.form_id = ?`, [formId]);
}

/**
 * Gives a new image the metadata of its catalogue row, in the transaction that adds it (under
 * the form's lock, see `replaceFormCatalogue`); returns that metadata. A form without a catalogue
 * (most uploads) rewrites no row.
 */
export async function applyCatalogueToImage(trx: Knex.Transaction, imageId: number): Promise<Record<string, string>> {
  const { rows } = await trx.raw<{ rows: { metadata: Record<string, string> }[] }>(
    `UPDATE form_images i SET metadata = ${MATCHED_METADATA}
     WHERE i.id = ? AND EXISTS (SELECT 1 FROM form_catalogues c WHERE c.form_id = i.form_id)
     RETURNING i.metadata`,
    [imageId],
  );
  return rows[0]?.metadata ?? {};
}

interface RowMatch {
  line: number;
  file_name: string;
  page: number | null;
  matched: boolean;
}

/**
 * Replaces the form's catalogue with `catalogue` and applies it, in one transaction under the
 * form's row lock (the one uploads take), so an upload sees either the old catalogue or the new.
 */
export async function replaceFormCatalogue(
  knex: Knex,
  formId: number,
  catalogue: Catalogue,
): Promise<CatalogueResponse> {
  return knex.transaction(async (trx) => {
    const form = await Form.query(trx).findById(formId).forUpdate();
    if (!form) throw notFound(FORM_NOT_FOUND);
    // The owner's choice of columns for contributors outlives the file, for the columns still in it.
    const chosen = await trx('form_catalogues')
      .where({ form_id: formId })
      .first<{ contributorColumns: string[] } | undefined>('contributorColumns');
    const contributorColumns = catalogue.columns.filter((column) => chosen?.contributorColumns.includes(column));
    await trx('form_catalogues').where({ form_id: formId }).delete();
    await trx('form_catalogues').insert({
      form_id: formId,
      columns: JSON.stringify(catalogue.columns),
      contributor_columns: JSON.stringify(contributorColumns),
    });
    const rows = catalogue.rows.map((row) => ({
      form_id: formId,
      line: row.line,
      file_name: row.fileName,
      page: row.page,
      metadata: JSON.stringify(row.metadata),
    }));
    for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
      await trx('form_catalogue_rows').insert(rows.slice(start, start + INSERT_BATCH_ROWS));
    }
    await applyCatalogue(trx, formId);
    const { rows: matches } = await trx.raw<{ rows: RowMatch[] }>(
      `SELECT r.line, r.file_name, r.page, EXISTS (
         SELECT 1 FROM form_images i
         WHERE i.form_id = r.form_id AND i.source_file_name = r.file_name
           AND (r.page IS NULL OR i.source_page = r.page)) AS matched
       FROM form_catalogue_rows r WHERE r.form_id = ? ORDER BY r.line`,
      [formId],
    );
    return {
      matched: matches.filter((row) => row.matched).length,
      unmatched: matches
        .filter((row) => !row.matched)
        .map((row) => ({ line: row.line, fileName: row.file_name, page: row.page })),
      columns: catalogue.columns,
      contributorColumns,
    };
  });
}

/** The form's metadata columns in the catalogue's order (none without a catalogue). */
export async function catalogueColumns(db: Knex | Knex.Transaction, formId: number): Promise<string[]> {
  const row = await db('form_catalogues')
    .where({ form_id: formId })
    .first<{ columns: string[] } | undefined>('columns');
  return row?.columns ?? [];
}
