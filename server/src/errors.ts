/** An error that becomes a JSON `{ message, ...flags }` response with its status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly flags: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, flags?: Record<string, unknown>) => new HttpError(400, message, flags);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string, flags?: Record<string, unknown>) => new HttpError(403, message, flags);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** PostgreSQL's unique_violation: the constraint, not a prior SELECT, decides duplicates. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const pgError = error as { code?: string; constraint?: string; nativeError?: { code?: string; constraint?: string } };
  const code = pgError.code ?? pgError.nativeError?.code;
  const name = pgError.constraint ?? pgError.nativeError?.constraint;
  return code === '23505' && (constraint === undefined || name === constraint);
}
