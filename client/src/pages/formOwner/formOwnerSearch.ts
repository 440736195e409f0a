/**
 * The form owner page's search parameters (spec section 2): `tab` and, with the Fields tab,
 * `subtab`; with the Data tab, `view` (its Consolidated, Submissions or History sub-tab). Unknown or
 * malformed values read as absent, so an old link still opens the page.
 * Kept apart from the page so the router can import it without pulling the page into the main chunk.
 */
import { z } from 'zod';

export const OWNER_TABS = ['dashboard', 'fields', 'images', 'users', 'data', 'insights'] as const;
export type OwnerTab = (typeof OWNER_TABS)[number];

export const FIELDS_SUBTABS = ['builder', 'preview'] as const;
export type FieldsSubtab = (typeof FIELDS_SUBTABS)[number];
export const DEFAULT_FIELDS_SUBTAB: FieldsSubtab = 'builder';

export const DATA_VIEWS = ['consolidated', 'submissions', 'history'] as const;
export type DataTabView = (typeof DATA_VIEWS)[number];
export const DEFAULT_DATA_VIEW: DataTabView = 'consolidated';

export const formOwnerSearchSchema = z.object({
  tab: z.enum(OWNER_TABS).optional().catch(undefined),
  subtab: z.enum(FIELDS_SUBTABS).optional().catch(undefined),
  view: z.enum(DATA_VIEWS).optional().catch(undefined),
});

/** The route's id, for `getRouteApi(FORM_OWNER_ROUTE_ID)` in the page and its tabs. */
export const FORM_OWNER_ROUTE_ID = '/signed-in/forms/$formId';
