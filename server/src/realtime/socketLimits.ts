/** Per-socket event budget (a token bucket); a socket that floods is disconnected. */
import { SOCKET_EVENT_BURST, SOCKET_EVENTS_PER_SECOND } from '@formscribe/common/realtime';
import type { Logger } from '../logger.ts';
import type { AppSocket } from './types.ts';

export function limitEventRate(socket: AppSocket, logger: Logger): void {
  let tokens = SOCKET_EVENT_BURST;
  let refilledAt = Date.now();
  socket.use((_packet, next) => {
    const now = Date.now();
    tokens = Math.min(SOCKET_EVENT_BURST, tokens + ((now - refilledAt) / 1000) * SOCKET_EVENTS_PER_SECOND);
    refilledAt = now;
    if (tokens < 1) {
      logger.warn({ userId: socket.data.userId }, 'socket flooding: disconnected');
      socket.disconnect(true);
      return;
    }
    tokens -= 1;
    next();
  });
}
