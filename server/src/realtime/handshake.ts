/**
 * Sockets are authenticated from the session cookie at the handshake, like REST requests; a
 * foreign Origin is refused. The socket then sits in its user's and its session's rooms, so
 * logging out or changing the password can disconnect it.
 */
import { rooms } from '@formscribe/common/realtime';
import type { Config } from '../config.ts';
import { findSession, SESSION_COOKIE } from '../services/sessions.ts';
import type { AppSocket } from './types.ts';

export const UNAUTHORIZED = 'unauthorized';
export const FOREIGN_ORIGIN = 'foreign origin';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function isAllowedOrigin(config: Config, origin: string | undefined, host: string | undefined): boolean {
  if (!origin) return true; // non-browser clients; browsers always send Origin on WebSocket and CORS requests
  const own = new URL(config.publicUrl).origin;
  return origin === own || (host !== undefined && new URL(origin).host === host);
}

export function handshakeAuth(config: Config) {
  return async (socket: AppSocket, next: (error?: Error) => void) => {
    try {
      const { headers } = socket.handshake;
      if (!isAllowedOrigin(config, headers.origin, headers.host)) return next(new Error(FOREIGN_ORIGIN));
      const token = readCookie(headers.cookie, SESSION_COOKIE);
      const found = token ? await findSession(token) : undefined;
      if (!found) return next(new Error(UNAUTHORIZED));
      socket.data = { userId: found.user.id, sessionId: found.session.id, watchedImages: {} };
      await socket.join([rooms.user(found.user.id), rooms.session(found.session.id)]);
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error(String(error)));
    }
  };
}
