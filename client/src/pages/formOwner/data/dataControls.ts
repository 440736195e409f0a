/** The Data tab's choices, worded as the spec names them (section 2). */
import type {
  ConsolidatedFilter,
  ConsolidatedSort,
  ExportFormat,
  ExportType,
} from '@formscribe/common/schemas/consolidated';

export type FilterChoice = 'all' | ConsolidatedFilter;

export const FILTER_OPTIONS: ReadonlyArray<{ value: FilterChoice; label: string }> = [
  { value: 'all', label: 'All Data' },
  { value: 'exported', label: 'Exported' },
  { value: 'not-exported', label: 'Not Exported' },
];

export const CONSOLIDATED_SORT_OPTIONS: ReadonlyArray<{ value: ConsolidatedSort; label: string }> = [
  { value: 'filename', label: 'Filename A-Z' },
  { value: 'completion', label: 'Completion %' },
  { value: 'last-submission', label: 'Last Submission' },
];

/** The Export menu's two choices. */
export const EXPORT_CHOICES: ReadonlyArray<{ exportType: ExportType; label: string }> = [
  { exportType: 'all', label: 'Export All Data' },
  { exportType: 'not-exported', label: 'Export Not Yet Exported' },
];

/** What an export is written as; CSV first, the default. */
export const EXPORT_FORMAT_OPTIONS: ReadonlyArray<{ value: ExportFormat; label: string }> = [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: 'Excel (.xlsx)' },
  { value: 'json', label: 'JSON' },
  { value: 'datapackage', label: 'Data Package (.zip)' },
];
