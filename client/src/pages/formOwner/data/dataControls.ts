/**
 * The Data tab's choices, worded as the spec names them (section 2), in the language in use:
 * each list is made when shown, from the translator of the component that shows it.
 */
import type { Translator } from '@formscribe/common/i18n/translator';
import type {
  ConsolidatedFilter,
  ConsolidatedSort,
  ExportFormat,
  ExportType,
} from '@formscribe/common/schemas/consolidated';
import type { MessageKey } from '../../../i18n/messageKeys.ts';

type Translate = Translator<MessageKey>['t'];

export type FilterChoice = 'all' | ConsolidatedFilter;

export const filterOptions = (t: Translate): ReadonlyArray<{ value: FilterChoice; label: string }> => [
  { value: 'all', label: t('ownerTabs.data.filterAll') },
  { value: 'exported', label: t('ownerTabs.data.filterExported') },
  { value: 'not-exported', label: t('ownerTabs.data.filterNotExported') },
];

export const consolidatedSortOptions = (t: Translate): ReadonlyArray<{ value: ConsolidatedSort; label: string }> => [
  { value: 'filename', label: t('ownerTabs.data.sortFilename') },
  { value: 'completion', label: t('ownerTabs.data.sortCompletion') },
  { value: 'last-submission', label: t('ownerTabs.data.lastSubmission') },
];

/** The Export menu's two choices. */
export const exportChoices = (t: Translate): ReadonlyArray<{ exportType: ExportType; label: string }> => [
  { exportType: 'all', label: t('ownerTabs.export.all') },
  { exportType: 'not-exported', label: t('ownerTabs.export.notExported') },
];

/** What an export is written as; CSV first, the default. */
export const exportFormatOptions = (t: Translate): ReadonlyArray<{ value: ExportFormat; label: string }> => [
  { value: 'csv', label: 'CSV' },
  { value: 'xlsx', label: t('ownerTabs.export.formatXlsx') },
  { value: 'json', label: 'JSON' },
  { value: 'datapackage', label: t('ownerTabs.export.formatDataPackage') },
];
