import type { ImportResponse } from '@formscribe/common/schemas/imports';
import type { FormImport } from '../models/index.ts';

export function presentImport(row: FormImport): ImportResponse {
  return {
    importId: row.id,
    formId: row.formId,
    name: row.name,
    status: row.status,
    found: row.found,
    imported: row.imported,
    duplicates: row.duplicates,
    refused: row.refused,
    reason: row.reason,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}
