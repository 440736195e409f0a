/**
 * The share dialog's optional expiry (spec section 5): a datetime-local input holds local wall
 * time ("2025-03-01T17:30"); the API takes an ISO instant or null for a link that never expires.
 */

/** null when the input is empty (no expiry); undefined when it holds something that is not a date and time. */
export function expiryInputToIso(value: string): string | null | undefined {
  const trimmed = value.trim();
  if (!trimmed) return null;
  // Only the input's own format: Date would read other shapes as UTC or not at all, differently per browser.
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year ?? 0, (month ?? 1) - 1, day, hours, minutes, seconds);
  // new Date rolls 31 February over into March; such a value was never a real date.
  if (Number.isNaN(date.getTime()) || date.getDate() !== day || date.getMonth() !== (month ?? 1) - 1) return undefined;
  return date.toISOString();
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A Date as a datetime-local value in local time, e.g. for the input's `min`. */
export function toDateTimeInputValue(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}T${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

export function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  return expiresAt !== null && new Date(expiresAt).getTime() <= now;
}
