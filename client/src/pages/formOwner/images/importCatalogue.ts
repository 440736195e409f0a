/**
 * A catalogue dropped or chosen with the scans: sent to the form's catalogue route before the
 * scans, so each image takes its row's data as it arrives. What the server said is kept for the
 * batch's summary (a refusal's 400 names the line or limit at fault).
 */
import { errorStatusCode, extractServerMessage } from '@formscribe/common/errorMessages';
import type { RefusedImportItem } from '@formscribe/common/schemas/imports';
import { sendCatalogueFile } from '../../../api/catalogue.ts';
import { errorText, translateServerMessage } from '../../../i18n/serverMessages.ts';
import type { ChosenFile } from './importFiles.ts';

export type CatalogueOutcome = { saved: { name: string; rows: number } } | { failed: RefusedImportItem };

export async function sendCatalogue(formId: number, catalogue: ChosenFile): Promise<CatalogueOutcome> {
  try {
    const answer = await sendCatalogueFile(formId, catalogue.file);
    return { saved: { name: catalogue.relativePath, rows: answer.matched + answer.unmatched.length } };
  } catch (error) {
    const reason =
      errorStatusCode(error) === 400 ? translateServerMessage(extractServerMessage(error)) : errorText(error);
    return { failed: { name: catalogue.relativePath, reason } };
  }
}
