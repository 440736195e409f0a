/** How a person is named on screens and in answers that do not show their e-mail. */

export interface NamedPerson {
  name?: string | null;
  /** The account's e-mail address. */
  username: string;
}

/**
 * The user's name, else the part of the e-mail before the @ (spec section 9, Leaderboard); the
 * whole username only when both are blank, which a valid e-mail never is.
 */
export function displayName(person: NamedPerson): string {
  const name = person.name?.trim();
  if (name) return name;
  const localPart = person.username.split('@')[0]?.trim();
  return localPart || person.username;
}

/**
 * Who entered a submission whose account has since been deleted: the entries stay on other
 * owners' forms (their verified data is theirs), the person and their e-mail do not.
 */
export const DELETED_USER_NAME = 'Deleted user';
