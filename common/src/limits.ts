/** Account and security limits shared by the server (enforcement) and the client (hints). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

/** Reset links expire after one hour (spec section 9). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * API tokens an account may hold at once, expired ones included. Each token has its own rate
 * limit, and the account as a whole the cap times that (schemas/apiTokens.ts).
 */
export const API_TOKENS_PER_ACCOUNT = 10;

/** "Remember me" keeps a session for 30 days; otherwise the cookie ends with the browser. */
export const REMEMBERED_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie still expires on the server after a day of inactivity. */
export const BROWSER_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** A browser that signed in to an account is remembered this long (its cookie's lifetime)... */
export const KNOWN_DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** ...and an address this long after its last successful sign-in to that account. */
export const KNOWN_IP_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Rate limits: attempts allowed per window. Counted in PostgreSQL so they hold across nodes. */
export const RATE_LIMITS = {
  /** Failed sign-ins from one address, whatever the account (successes are given back). */
  loginPerIp: { limit: 30, windowMs: 15 * 60 * 1000 },
  /** Failed sign-ins to one account from one address (or from one known browser). */
  loginPerAccountIp: { limit: 10, windowMs: 15 * 60 * 1000 },
  /** Failed sign-ins to one account from addresses it does not know: slows a spread-out attack. */
  loginPerAccount: { limit: 100, windowMs: 15 * 60 * 1000 },
  /** Wrong current passwords given to a signed-in account (e-mail or password change). */
  currentPasswordPerAccount: { limit: 10, windowMs: 15 * 60 * 1000 },
  /**
   * New accounts from one address, in two windows: a class of 500 behind one school address
   * signs up within 5 minutes (100 a minute), while a script gets at most 600 an hour.
   */
  registerBurstPerIp: { limit: 100, windowMs: 60 * 1000 },
  registerSustainedPerIp: { limit: 600, windowMs: 60 * 60 * 1000 },
  forgotPasswordPerAccount: { limit: 3, windowMs: 60 * 60 * 1000 },
  forgotPasswordPerIp: { limit: 20, windowMs: 60 * 60 * 1000 },
  resendVerificationPerAccount: { limit: 3, windowMs: 60 * 60 * 1000 },
} as const;

/**
 * How long an image handed out by next-image stays reserved for its contributor (until they
 * submit, vote or skip, or their last socket closes). Reloading the page renews it.
 */
export const IMAGE_LEASE_TTL_MS = 5 * 60 * 1000;

/**
 * A form's catalogue (CSV or XLSX, POST /api/forms/{id}/catalogue): what one file may hold. The
 * file is read whole in memory and every row is kept per form, so each figure bounds both.
 */
export const CATALOGUE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  /** Data rows, the header not counted. */
  maxRows: 20_000,
  /** Columns, `fileName` and `page` included. */
  maxColumns: 50,
  /** Characters in one cell, the header's included. */
  maxCellLength: 1_000,
  /** Characters in a file name or path (indexed: 500 characters of up to 4 bytes stay in an index row). */
  maxFileNameLength: 500,
  /** An XLSX is a ZIP: what all its parts may unpack to, and how many parts it may have. */
  maxWorkbookInflatedBytes: 64 * 1024 * 1024,
  maxWorkbookEntries: 200,
} as const;
