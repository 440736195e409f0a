/**
 * B9's and B17's load generator, in its own process (load must come from outside the app): contributors
 * as the entry page behaves (a socket watching the form and the image on screen, switched at
 * every new image; next-image, then submit every field) and owners' tabs watching the form's
 * figures. Several of these processes share the crowd.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@formscribe/common/realtime';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { NO_IMAGES_LEFT } from '@formscribe/common/schemas/submission';
import { io, type Socket } from 'socket.io-client';
import { requestJson } from './crowdHttp.ts';
import { type CrowdRun, emptyRun, type FromCrowd, type ThinkRange, type ToCrowd } from './crowdProtocol.ts';
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
const draw = (think: ThinkRange) => think.minMs + Math.random() * (think.maxMs - think.minMs);

/** What the contributors tallied since the last drain; swapped for a fresh one on each drain. */
let tally: CrowdRun = emptyRun();

const refuse = (kind: string) => {
  tally.refused[kind] = (tally.refused[kind] ?? 0) + 1;
};

/**
 * One contributor's loop: next image, switch the image watch, submit. With `think` the person
 * spends a time drawn from it on each image before submitting, and starts at a random moment
 * within one such time, so the crowd's cycles spread evenly; a think that runs past `until`
 * still ends in its submit (people finish the image on screen). Without, the next cycle starts
 * as soon as the last submit is answered (a closed loop).
 */
async function contribute(person: Contributor, until: number, think?: ThinkRange): Promise<void> {
  let watching: number | undefined;
  // The tally is looked up when the answer comes: a drain may have swapped it meanwhile.
  const request = async (path: string, kind: 'nextImage' | 'submit', body?: string) => {
    const begun = performance.now();
    try {
      const answer = await requestJson(
        `${url}${path}`,
        person.cookie,
        body === undefined ? {} : { method: 'POST', body },
      );
      tally[kind].ms.push(performance.now() - begun);
      tally[kind].at.push(Date.now());
      if (answer.status >= 500) tally.serverErrors++;
      return answer;
    } catch {
      tally.transportErrors++;
      return undefined;
    }
  };
  if (think) await sleep(Math.random() * draw(think));
  while (Date.now() < until) {
    const next = await request(`/api/forms/${formId}/next-image`, 'nextImage');
    if (!next) {
      await sleep(50);
      continue;
    }
    const imageId = (next.body as { image?: { id?: unknown } } | undefined)?.image?.id;
    if (next.status !== 200 || typeof imageId !== 'number') {
      const message = (next.body as { message?: unknown } | undefined)?.message;
      if (next.status === 404 && message === NO_IMAGES_LEFT) tally.noImagesLeft++;
      else refuse(`next ${next.status}`);
      await sleep(50);
      continue;
    }
    // As the entry page does when it shows a new image: leave the old image's room, join the new one.
    if (watching !== undefined) person.socket.emit('unwatch:image', watching);
    person.socket.emit('watch:image', imageId, () => {});
    watching = imageId;
    if (think) await sleep(draw(think));
    const submitted = await request(
      `/api/forms/${formId}/submissions`,
      'submit',
      JSON.stringify({ imageId, data: benchEntry(imageId) }),
    );
    if (!submitted) {
      await sleep(50);
      continue;
    }
    const id = (submitted.body as { id?: unknown } | undefined)?.id;
    if (submitted.status === 201 && typeof id === 'number') {
      tally.acknowledged.push(id);
      tally.acknowledgedAt.push(Date.now());
    } else if (submitted.status < 500) refuse(`submit ${submitted.status}`);
  }
}

function drain(): CrowdRun {
  const drained = tally;
  tally = emptyRun();
  return drained;
}

async function runCrowd(until: number, think?: ThinkRange): Promise<CrowdRun> {
  await Promise.all(contributors.map((person) => contribute(person, until, think)));
  return drain();
}

process.on('message', (message: ToCrowd) => {
  const fail = (error: unknown) => send({ type: 'failed', message: String(error) });
  if (message.type === 'connect') {
    connect(message).then(() => send({ type: 'connected', sockets: contributors.length + owners.length }), fail);
  } else if (message.type === 'run') {
    runCrowd(message.until, message.think).then((run) => send({ type: 'ran', ...run }), fail);
  } else if (message.type === 'drain') {
    send({ type: 'drained', ...drain() });
  } else if (message.type === 'last-stats') {
    send({ type: 'last-stats', stats: owners.map((owner) => owner.last) });
  } else if (message.type === 'close') {
    for (const { socket } of [...contributors, ...owners]) socket.disconnect();
    send({ type: 'closed' });
    process.exit(0);
  }
});
