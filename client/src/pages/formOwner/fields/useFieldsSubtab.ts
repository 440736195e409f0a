/**
 * Which sub-tab of the Fields tab is showing: `subtab` in the owner page's URL (spec section
 * 2; builder or preview, default builder), changed in place rather than as a new history entry.
 */
import { getRouteApi } from '@tanstack/react-router';
import { useCallback } from 'react';
import { DEFAULT_FIELDS_SUBTAB, type FieldsSubtab, FORM_OWNER_ROUTE_ID } from '../formOwnerSearch.ts';

const formOwnerRoute = getRouteApi(FORM_OWNER_ROUTE_ID);

export function useFieldsSubtab(): [FieldsSubtab, (subtab: FieldsSubtab) => void] {
  const subtab = formOwnerRoute.useSearch({ select: (search) => search.subtab }) ?? DEFAULT_FIELDS_SUBTAB;
  const navigate = formOwnerRoute.useNavigate();
  const setSubtab = useCallback(
    (next: FieldsSubtab) => void navigate({ search: (previous) => ({ ...previous, subtab: next }), replace: true }),
    [navigate],
  );
  return [subtab, setSubtab];
}
