/**
 * Cross-node events through Redis. Redis trouble is logged, never fatal: while Redis is down a
 * publish fails fast (no offline queue) and each node keeps serving its own sockets; node-redis
 * reconnects and resubscribes by itself when Redis returns.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Logger } from '../logger.ts';
import type { AppIo } from './types.ts';

export interface RedisConnection {
  close(): Promise<void>;
}

export async function useRedisAdapter(io: AppIo, redisUrl: string, logger: Logger): Promise<RedisConnection> {
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 2000);
  const pubClient = createClient({ url: redisUrl, disableOfflineQueue: true, socket: { reconnectStrategy } });
  const subClient = pubClient.duplicate();
  for (const [name, client] of [
    ['publisher', pubClient],
    ['subscriber', subClient],
  ] as const) {
    client.on('error', (error: Error) => logger.warn({ err: error.message, client: name }, 'redis adapter error'));
    client.on('ready', () => logger.info({ client: name }, 'redis adapter connected'));
  }
  await Promise.all([pubClient.connect(), subClient.connect()]);
  // The adapter does not await its publishes; without this a publish while Redis is down would be
  // an unhandled rejection.
  const publish = pubClient.publish.bind(pubClient);
  const safePublisher = new Proxy(pubClient, {
    get(target, property) {
      if (property === 'publish') {
        return (...args: Parameters<typeof publish>) =>
          publish(...args).catch((error: Error) => {
            logger.warn({ err: error.message }, 'redis publish failed; event delivered on this node only');
            return 0;
          });
      }
      // Bound to the real client: node-redis keeps private fields a proxy cannot reach.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  io.adapter(createAdapter(safePublisher, subClient, { requestsTimeout: 1000 }));
  return {
    async close() {
      await Promise.allSettled([pubClient.quit(), subClient.quit()]);
    },
  };
}
