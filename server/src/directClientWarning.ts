/**
 * With TRUST_PROXY=true the client's address is the last X-Forwarded-For entry, the one a proxy
 * appends. With no proxy in front, that entry is the client's own to write: it picks a new
 * address per request and walks around the per-address sign-in and rate limits. The server
 * cannot see a proxy, but it can see who connects: a proxy reaches it from this machine or a
 * private network, so a connection from a public address means clients are likely coming
 * straight in. That is said once, as a warning, with the address.
 *
 * Not detectable: a client that connects directly from a private network (the same LAN, VPC or
 * container network as the proxy) looks like the proxy; and a proxy or CDN that connects from
 * public addresses (some CDNs do) raises the warning although all is well.
 */
import type http from 'node:http';
import type net from 'node:net';
import type { AppDeps } from './appTypes.ts';
import { classifyAddress } from './services/outbound/addressPolicy.ts';

export const DIRECT_CLIENT_WARNING =
  'TRUST_PROXY is on, but a client connected from a public address: if nothing sits in front of this server, every client chooses its own address through X-Forwarded-For (sign-in and rate limits count per address). Put the proxy in front and let only it reach this port, or set TRUST_PROXY=false';

/**
 * Watches the server's connections (each once, not each request) until one comes from a public
 * address, logs DIRECT_CLIENT_WARNING with it through the app's logger, then stops watching.
 */
export function warnWhenClientsConnectDirectly(httpServer: http.Server, deps: Pick<AppDeps, 'logger'>): void {
  let lastProxyPeer: string | undefined;
  const onConnection = (socket: net.Socket) => {
    const peer = socket.remoteAddress;
    // Behind a proxy, connections come from the same few addresses: the last one is remembered.
    if (!peer || peer === lastProxyPeer) return;
    if (classifyAddress(peer) !== 'public') {
      lastProxyPeer = peer;
      return;
    }
    httpServer.off('connection', onConnection);
    deps.logger.warn({ clientAddress: peer }, DIRECT_CLIENT_WARNING);
  };
  httpServer.on('connection', onConnection);
}
