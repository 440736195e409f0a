/**
 * A route's code and its catalogue parts, loaded together: `lazyRouteComponent(withRouteParts('entry',
 * () => import('./pages/entry/EntryPage.tsx')), 'EntryPage')`. The page renders only once both have
 * arrived, so it never shows a key for a word still downloading. routeParts.test.ts checks that
 * the parts named cover every word the route's code (and what it loads later) can show.
 */
import { ROUTE_PARTS, type RouteParts } from '@formscribe/common/i18n/catalogueParts';
import { loadParts } from './localeStore.ts';

export function withRouteParts<Module>(route: RouteParts, load: () => Promise<Module>): () => Promise<Module> {
  return () => Promise.all([load(), loadParts(ROUTE_PARTS[route])]).then(([module]) => module);
}
