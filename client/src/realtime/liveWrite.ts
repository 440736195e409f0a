/**
 * Writes the whole value a live event carries into one query's cache entry. A read of that entry
 * still in flight may have been answered before the change the event reports, and would
 * overwrite it when it lands, leaving old figures on screen until the next event (which may never
 * come on a form that has gone quiet). So such a read is cancelled first; what the screen shows
 * then ends with the last event, which always carries the latest state.
 * Only for events that carry the entry's whole value: a read may bring more than a patch would.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export function writeLiveValue<T>(queryClient: QueryClient, queryKey: QueryKey, value: T): void {
  if (queryClient.getQueryState(queryKey)?.fetchStatus !== 'fetching') {
    queryClient.setQueryData<T>(queryKey, value);
    return;
  }
  // Written once the cancel has settled: the cancelled read first puts back what it found.
  void queryClient.cancelQueries({ queryKey, exact: true }).then(() => queryClient.setQueryData<T>(queryKey, value));
}
