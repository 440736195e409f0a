/**
 * How a person of a form reads on the owner's screens (leaderboard, recent users, user cards),
 * in the language in use when the text is made.
 */
import { currentTranslator } from '../../../i18n/localeStore.ts';

/** '1 submission', '3 submissions'. */
export function submissionCountText(count: number): string {
  return currentTranslator().t('ownerTabs.users.submissionCount', { count });
}

/** A date and time for "last activity" lines; the raw text if it does not parse. */
export function formatActivity(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return currentTranslator().date(date, { dateStyle: 'medium', timeStyle: 'short' });
}
