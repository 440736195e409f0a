/** How a person of a form reads on the owner's screens (leaderboard, recent users, user cards). */

/** '1 submission', '3 submissions'. */
export function submissionCountText(count: number): string {
  return `${count} ${count === 1 ? 'submission' : 'submissions'}`;
}

const activityFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time for "last activity" lines; the raw text if it does not parse. */
export function formatActivity(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : activityFormat.format(date);
}
