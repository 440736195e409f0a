/**
 * Many owners' browser tabs in one process (load must come from outside the app): each is a real
 * socket.io-client connection with its own session cookie that asks to watch the form, as the
 * client's realtime hook does. On `arm` it timestamps the next `form:stats` on every socket.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@formscribe/common/realtime';
import { io, type Socket } from 'socket.io-client';
import { epochNow } from './benchProtocol.ts';
import type { FromFleet, ToFleet, WatchTarget } from './fleetProtocol.ts';

type WatchSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const send = (message: FromFleet) => process.send?.(message);
const CONNECT_CONCURRENCY = 50;

let sockets: WatchSocket[] = [];
let armed: { times: (number | undefined)[]; received: number; timer: NodeJS.Timeout } | undefined;

function finish(): void {
  if (!armed) return;
  clearTimeout(armed.timer);
  const times = armed.times.filter((t): t is number => t !== undefined);
  armed = undefined;
  send({ type: 'arrivals', times, missing: sockets.length - times.length });
}

async function openWatcher(target: WatchTarget, formId: number, index: number): Promise<WatchSocket> {
  const socket: WatchSocket = io(target.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: target.cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(10_000).emitWithAck('watch:form', formId);
  if (!ack.ok) throw new Error(`watch:form refused: ${ack.error}`);
  socket.on('form:stats', () => {
    // Stamp first: everything after this line is the fleet's own bookkeeping.
    const at = epochNow();
    if (!armed || armed.times[index] !== undefined) return;
    armed.times[index] = at;
    if (++armed.received === sockets.length) finish();
  });
  return socket;
}

async function connectAll(targets: WatchTarget[], formId: number): Promise<void> {
  const opened: WatchSocket[] = new Array(targets.length);
  for (let start = 0; start < targets.length; start += CONNECT_CONCURRENCY) {
    const batch = targets.slice(start, start + CONNECT_CONCURRENCY);
    const batchSockets = await Promise.all(batch.map((t, i) => openWatcher(t, formId, start + i)));
    batchSockets.forEach((socket, i) => {
      opened[start + i] = socket;
    });
  }
  sockets = opened;
}

process.on('message', (message: ToFleet) => {
  if (message.type === 'connect') {
    connectAll(message.targets, message.formId).then(
      () => send({ type: 'connected', sockets: sockets.length }),
      (error: unknown) => send({ type: 'failed', message: String(error) }),
    );
  } else if (message.type === 'arm') {
    armed = {
      times: new Array(sockets.length).fill(undefined),
      received: 0,
      timer: setTimeout(finish, message.timeoutMs),
    };
    send({ type: 'armed' });
  } else if (message.type === 'close') {
    for (const socket of sockets) socket.disconnect();
    send({ type: 'closed' });
    process.exit(0);
  }
});
