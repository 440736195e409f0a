/**
 * The dashboard's chunk. One function for the page that renders it and for the route loader
 * that starts the download as soon as it knows someone is signed in (the module is fetched once).
 * Once loaded, the page renders it directly rather than through Suspense (see HomePage).
 */
import { withRouteParts } from '../../i18n/withRouteParts.ts';
import type { SignedInHome } from './SignedInHome.tsx';

let loaded: typeof SignedInHome | undefined;

/** With the account part of the catalogue: the dashboard's words. */
const loadModule = withRouteParts('account', () => import('./SignedInHome.tsx'));

export const loadSignedInHome = () =>
  loadModule().then((module) => {
    loaded = module.SignedInHome;
    return { default: module.SignedInHome };
  });

/** The dashboard component if its chunk has arrived already. */
export const loadedSignedInHome = () => loaded;
