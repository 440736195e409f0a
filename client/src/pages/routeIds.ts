/**
 * Ids in a path (forms, submissions) are positive whole numbers of at most 16 digits; anything
 * else is a record that does not exist, so the pages show their not-found view without asking.
 */
export function parseRouteId(raw: string): number | null {
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}
