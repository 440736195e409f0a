/** The list's sort choices (the owner page's Data tab uses the same wording) and its "Showing" line. */
import type { Translator } from '@formscribe/common/i18n/translator';
import type { SubmissionSort } from '@formscribe/common/schemas/submission';
import { currentTranslator } from '../../i18n/localeStore.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

const SORT_LABELS: ReadonlyArray<{ value: SubmissionSort; label: MessageKey }> = [
  { value: 'newest', label: 'progress.submissions.sortNewest' },
  { value: 'oldest', label: 'progress.submissions.sortOldest' },
  { value: 'username', label: 'progress.submissions.sortUsername' },
  { value: 'image', label: 'progress.submissions.sortImage' },
];

export function sortOptions(words: Translator<MessageKey>): { value: SubmissionSort; label: string }[] {
  return SORT_LABELS.map(({ value, label }) => ({ value, label: words.t(label) }));
}

/** 'Showing 11 to 20 of 23 entries'; 'Showing 0 to 0 of 0 entries' when there are none. */
export function showingEntriesText(
  page: number,
  pageSize: number,
  rowsOnPage: number,
  total: number,
  words: Translator<MessageKey> = currentTranslator(),
): string {
  const first = rowsOnPage === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = rowsOnPage === 0 ? 0 : first + rowsOnPage - 1;
  return words.t('progress.submissions.showing', { first, last, total });
}
