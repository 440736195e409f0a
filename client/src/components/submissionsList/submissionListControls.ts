/** The list's sort choices (the owner page's Data tab uses the same wording) and its "Showing" line. */
import type { SubmissionSort } from '@formscribe/common/schemas/submission';

export const SORT_OPTIONS: ReadonlyArray<{ value: SubmissionSort; label: string }> = [
  { value: 'newest', label: 'Newest First' },
  { value: 'oldest', label: 'Oldest First' },
  { value: 'username', label: 'Username A-Z' },
  { value: 'image', label: 'Image Name A-Z' },
];

/** 'Showing 11 to 20 of 23 entries'; 'Showing 0 to 0 of 0 entries' when there are none. */
export function showingEntriesText(page: number, pageSize: number, rowsOnPage: number, total: number): string {
  const first = rowsOnPage === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = rowsOnPage === 0 ? 0 : first + rowsOnPage - 1;
  return `Showing ${first} to ${last} of ${total} entries`;
}
