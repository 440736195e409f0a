/**
 * A catalogue dropped or chosen with the scans: sent to the form's catalogue route before the
 * scans, so each image takes its row's data as it arrives. What the server said is kept for the
 * batch's summary (a refusal's 400 names the line or limit at fault).
 */
import { errorStatusCode, extractServerMessage, normalizeErrorMessage } from '@formscribe/common/errorMessages';
import { catalogueResponseSchema } from '@formscribe/common/schemas/catalogue';
import type { RefusedImportItem } from '@formscribe/common/schemas/imports';
import { apiRequest } from '../../../api/apiClient.ts';
import type { ChosenFile } from './importFiles.ts';

export type CatalogueOutcome = { saved: { name: string; rows: number } } | { failed: RefusedImportItem };

export async function sendCatalogue(formId: number, catalogue: ChosenFile): Promise<CatalogueOutcome> {
  const body = new FormData();
  body.append('file', catalogue.file);
  try {
    const answer = await apiRequest('POST', `/api/forms/${formId}/catalogue`, {
      body,
      schema: catalogueResponseSchema,
    });
    return { saved: { name: catalogue.relativePath, rows: answer.matched + answer.unmatched.length } };
  } catch (error) {
    const reason = errorStatusCode(error) === 400 ? extractServerMessage(error) : normalizeErrorMessage(error);
    return { failed: { name: catalogue.relativePath, reason } };
  }
}
