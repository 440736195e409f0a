/**
 * Whether the page has settled since this component mounted (whenPageSettles.ts: its first reads
 * landed, its pictures loaded, the browser idle): for reads a page's first paint does not need,
 * which would otherwise share the slow phone's link and main thread with the ones it does.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { whenPageSettles } from './whenPageSettles.ts';

export function usePageSettled(): boolean {
  const queryClient = useQueryClient();
  const [settled, setSettled] = useState(false);
  useEffect(() => whenPageSettles(queryClient, () => setSettled(true)), [queryClient]);
  return settled;
}
