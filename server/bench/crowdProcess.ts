/**
 * B9's load generator, in its own process (load must come from outside the app): contributors
 * as the entry page behaves (a socket watching the form and the image on screen, switched at
 * every new image; next-image, then submit every field) and owners' tabs watching the form's
 * figures. Several of these processes share the crowd.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@formscribe/common/realtime';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { NO_IMAGES_LEFT } from '@formscribe/common/schemas/submission';
import { io, type Socket } from 'socket.io-client';
import type { CrowdRun, FromCrowd, ToCrowd } from './crowdProtocol.ts';
import { benchEntry } from './seedData.ts';

type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const send = (message: FromCrowd) => process.send?.(message);
const CONNECT_CONCURRENCY = 50;

interface Contributor {
  cookie: string;
  socket: LiveSocket;
}

let url = '';
let formId = 0;
let contributors: Contributor[] = [];
let owners: { socket: LiveSocket; last: VerificationStats | null }[] = [];

async function openSocket(cookie: string): Promise<LiveSocket> {
  const socket: LiveSocket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const ack = await socket.timeout(10_000).emitWithAck('watch:form', formId);
  if (!ack.ok) throw new Error(`watch:form refused: ${ack.error}`);
  return socket;
}

async function openAll(cookies: string[]): Promise<LiveSocket[]> {
  const sockets: LiveSocket[] = [];
  for (let start = 0; start < cookies.length; start += CONNECT_CONCURRENCY)
    sockets.push(...(await Promise.all(cookies.slice(start, start + CONNECT_CONCURRENCY).map(openSocket))));
  return sockets;
}

async function connect(message: Extract<ToCrowd, { type: 'connect' }>): Promise<void> {
  url = message.url;
  formId = message.formId;
  const contributorSockets = await openAll(message.contributors);
  contributors = message.contributors.map((cookie, i) => {
    const socket = contributorSockets[i];
    if (!socket) throw new Error('a contributor socket is missing');
    return { cookie, socket };
  });
  owners = (await openAll(message.owners)).map((socket) => {
    const owner = { socket, last: null as VerificationStats | null };
    socket.on('form:stats', (event) => {
      owner.last = event.stats;
    });
    return owner;
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One contributor's loop. With `cycleMs` a cycle starts every `cycleMs` (the first at a random
 * phase, so the crowd's starts spread evenly), as people who take a while over each image do;
 * without, the next cycle starts as soon as the last submit is answered.
 */
async function contribute(person: Contributor, until: number, run: CrowdRun, cycleMs?: number): Promise<void> {
  let watching: number | undefined;
  let nextStart = Date.now() + (cycleMs ? Math.random() * cycleMs : 0);
  const request = async (path: string, init: RequestInit = {}) => {
    const begun = performance.now();
    try {
      const response = await fetch(`${url}${path}`, {
        ...init,
        headers: { cookie: person.cookie, origin: url, 'content-type': 'application/json' },
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (response.status >= 500) run.serverErrors++;
      return { status: response.status, body, ms: performance.now() - begun };
    } catch {
      run.transportErrors++;
      return undefined;
    }
  };
  while (Date.now() < until) {
    if (cycleMs) {
      await sleep(nextStart - Date.now());
      nextStart += cycleMs;
      if (Date.now() >= until) break;
    }
    const next = await request(`/api/forms/${formId}/next-image`);
    if (!next) {
      await sleep(50);
      continue;
    }
    run.nextImageMs.push(next.ms);
    const imageId = (next.body as { image?: { id?: unknown } } | undefined)?.image?.id;
    if (next.status !== 200 || typeof imageId !== 'number') {
      const message = (next.body as { message?: unknown } | undefined)?.message;
      if (next.status === 404 && message === NO_IMAGES_LEFT) run.noImagesLeft++;
      else run.refused[`next ${next.status}`] = (run.refused[`next ${next.status}`] ?? 0) + 1;
      await sleep(50);
      continue;
    }
    // As the entry page does when it shows a new image: leave the old image's room, join the new one.
    if (watching !== undefined) person.socket.emit('unwatch:image', watching);
    person.socket.emit('watch:image', imageId, () => {});
    watching = imageId;
    const submitted = await request(`/api/forms/${formId}/submissions`, {
      method: 'POST',
      body: JSON.stringify({ imageId, data: benchEntry(imageId) }),
    });
    if (!submitted) {
      await sleep(50);
      continue;
    }
    run.submitMs.push(submitted.ms);
    const id = (submitted.body as { id?: unknown } | undefined)?.id;
    if (submitted.status === 201 && typeof id === 'number') run.acknowledged.push(id);
    else if (submitted.status < 500)
      run.refused[`submit ${submitted.status}`] = (run.refused[`submit ${submitted.status}`] ?? 0) + 1;
  }
}

async function runCrowd(until: number, cycleMs?: number): Promise<CrowdRun> {
  const run: CrowdRun = {
    acknowledged: [],
    nextImageMs: [],
    submitMs: [],
    serverErrors: 0,
    transportErrors: 0,
    refused: {},
    noImagesLeft: 0,
  };
  await Promise.all(contributors.map((person) => contribute(person, until, run, cycleMs)));
  return run;
}

process.on('message', (message: ToCrowd) => {
  const fail = (error: unknown) => send({ type: 'failed', message: String(error) });
  if (message.type === 'connect') {
    connect(message).then(() => send({ type: 'connected', sockets: contributors.length + owners.length }), fail);
  } else if (message.type === 'run') {
    runCrowd(message.until, message.cycleMs).then((run) => send({ type: 'ran', ...run }), fail);
  } else if (message.type === 'last-stats') {
    send({ type: 'last-stats', stats: owners.map((owner) => owner.last) });
  } else if (message.type === 'close') {
    for (const { socket } of [...contributors, ...owners]) socket.disconnect();
    send({ type: 'closed' });
    process.exit(0);
  }
});
