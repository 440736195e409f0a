/**
 * The export ledger's one writer: `exported_at` and `exported_by_id` are set here, for the CSV
 * and the NDJSON export alike, so both keep the same rule. `all` and `not-exported` stamp the rows
 * they sent; `verified` leaves the ledger alone (a "not yet exported" export still has them).
 * Call it inside the export's own transaction, once the last row is out, with the selection the
 * rows were read with: the same snapshot then stamps exactly the rows sent. The other writer of
 * these columns, clearing them when an image's data changes, is the image state writer.
 */
import type { ExportType } from '@formscribe/common/schemas/consolidated';
import type { Knex } from 'knex';
import type { ImageSelection } from './imageSelection.ts';

export async function stampExported(
  trx: Knex.Transaction,
  selection: ImageSelection,
  exportType: ExportType,
  userId: number,
): Promise<void> {
  if (exportType === 'verified') return;
  await trx.raw(`UPDATE form_images SET exported_at = now(), exported_by_id = ? WHERE ${selection.where}`, [
    userId,
    ...selection.bindings,
  ]);
}
