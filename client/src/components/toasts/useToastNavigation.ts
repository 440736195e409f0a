import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { GoTo } from './upgradeToasts.ts';

/** The `goTo` that toast actions (Upgrade Now, Verify Email) use to leave the page. */
export function useToastNavigation(): GoTo {
  const navigate = useNavigate();
  // By href: /billing is not a registered route yet, and the typed `to` only accepts those.
  return useCallback((destination) => void navigate({ href: destination }), [navigate]);
}
