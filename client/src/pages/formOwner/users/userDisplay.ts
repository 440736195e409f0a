/** How a person of a form reads on the owner's screens (leaderboard, recent users, user cards). */

interface NamedUser {
  name: string | null;
  username: string;
}

/** The user's name, else the part of the e-mail (username) before the @ (spec section 9, Leaderboard). */
export function displayName(user: NamedUser): string {
  const name = user.name?.trim();
  if (name) return name;
  const local = user.username.split('@')[0]?.trim();
  return local || user.username;
}

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
