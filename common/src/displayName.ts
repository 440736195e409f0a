/** How a person is named to others: never their full e-mail, which stays with those allowed to see it. */

export interface NamedPerson {
  name?: string | null;
  /** The account's e-mail address. */
  username: string;
}

/** Shown when neither a name nor the part of the e-mail before the @ has any text. */
export const UNNAMED_PERSON = 'Contributor';

/** The user's name, else the part of the e-mail before the @ (spec section 9, Leaderboard). */
export function displayName(person: NamedPerson): string {
  const name = person.name?.trim();
  if (name) return name;
  const localPart = person.username.split('@')[0]?.trim();
  return localPart || UNNAMED_PERSON;
}
