/**
 * Which tabs the owner page shows. The spec's five are Dashboard, Fields, Images, Users and
 * Data (default Dashboard); a tab appears once its feature works. Turning one on is a matter
 * of adding it to AVAILABLE_OWNER_TABS (and its panel).
 */
import type { OwnerTab } from './formOwnerSearch.ts';

/** In display order. */
export const AVAILABLE_OWNER_TABS: readonly OwnerTab[] = ['dashboard', 'fields', 'images', 'users', 'data', 'insights'];

/** The spec's default tab, until it exists; then the first tab shown. */
const PREFERRED_DEFAULT_TAB: OwnerTab = 'dashboard';

export function defaultOwnerTab(available: readonly OwnerTab[] = AVAILABLE_OWNER_TABS): OwnerTab {
  return available.includes(PREFERRED_DEFAULT_TAB) ? PREFERRED_DEFAULT_TAB : (available[0] ?? 'fields');
}

/** The tab to show for the URL's `tab`: itself when it is shown, else the default. */
export function resolveOwnerTab(requested: OwnerTab | undefined, available = AVAILABLE_OWNER_TABS): OwnerTab {
  return requested !== undefined && available.includes(requested) ? requested : defaultOwnerTab(available);
}
