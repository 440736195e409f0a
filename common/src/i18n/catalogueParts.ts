/**
 * The interface catalogue comes in parts (client/src/i18n/catalogues/<locale>/<part>.json), each
 * its own chunk per language, so a page downloads only the words it can show (issue 29, B13).
 * Every page loads the startup parts before its first render; a route loads its own parts with its
 * code; `errors` (the server's messages in the reader's language) loads once the page has painted.
 * Shared here because the server names a page's part chunks in its HTML (server/src/pageShell.ts).
 */

export const CATALOGUE_PARTS = [
  'common',
  'app',
  'account',
  'entry',
  'owner',
  'ownerTabs',
  'progress',
  'errors',
] as const;

export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

/** What every page's first render needs: the layout, menus, spinners and shared words. */
export const STARTUP_PARTS: readonly CataloguePart[] = ['common', 'app'];

/**
 * The parts a route loads with its code, beyond the startup parts. The client's router names
 * these (client/src/i18n/routeParts.test.ts checks that they cover every word the route's code
 * can show); the server names the chunks of `home`, `owner` and `entry` in those pages' HTML.
 */
export const ROUTE_PARTS = {
  /** The landing page, the dashboard, sign-in and sign-up, the profile, billing, invitations. */
  account: ['account'],
  owner: ['owner', 'ownerTabs', 'progress'],
  /** Submissions, a submission's detail, the super-admin page. */
  progress: ['progress'],
  entry: ['entry'],
} as const satisfies Record<string, readonly CataloguePart[]>;

export type RouteParts = keyof typeof ROUTE_PARTS;

export const isCataloguePart = (value: string): value is CataloguePart =>
  (CATALOGUE_PARTS as readonly string[]).includes(value);
