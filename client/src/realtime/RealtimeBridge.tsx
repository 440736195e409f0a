/**
 * Keeps the tab's socket in step with the session: connected while someone is signed in,
 * closed at sign-out. When the server ends the connection (logout elsewhere, password change)
 * the user is read again and, if still signed in, the socket reconnects with the new session;
 * otherwise the connection is left idle, which hides the live-updates indicator.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CURRENT_USER_QUERY_KEY, useCurrentUser } from '../api/currentUser.ts';
import { bindEventsToCache, refetchWatched } from './liveCacheBridge.ts';
import { liveConnection } from './liveSocket.ts';

let boundTo: unknown;

export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);

  useEffect(() => {
    const connection = liveConnection();
    if (boundTo !== queryClient) {
      bindEventsToCache(connection.socket, queryClient);
      boundTo = queryClient;
    }
    const stopResync = connection.onResync((targets, reconnected) => refetchWatched(queryClient, targets, reconnected));
    const onServerDisconnect = async (reason: string) => {
      if (reason !== 'io server disconnect') return;
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY });
      // Nobody signed in (this was the logout): the socket is done, not down, so no "reconnecting…".
      if (queryClient.getQueryData(CURRENT_USER_QUERY_KEY)) connection.connect();
      else connection.disconnect();
    };
    connection.socket.on('disconnect', onServerDisconnect);
    return () => {
      stopResync();
      connection.socket.off('disconnect', onServerDisconnect);
    };
  }, [queryClient]);

  useEffect(() => {
    const connection = liveConnection();
    if (signedIn) connection.connect();
    else connection.disconnect();
  }, [signedIn]);

  return null;
}
