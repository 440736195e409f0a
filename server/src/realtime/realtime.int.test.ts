import { MAX_SOCKET_PAYLOAD_BYTES } from '@formscribe/common/realtime';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EmailVerificationToken } from '../models/index.ts';
import { censusForm, person } from '../test/entryFixtures.ts';
import { createUser, signIn } from '../test/factories.ts';
import {
  connect,
  connected,
  disconnected,
  nextEvent,
  openSocket,
  recordEvents,
  type TestSocket,
  watchForm,
  watchImage,
} from '../test/socketClient.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

async function socketFor(client: Parameters<typeof connect>[1]) {
  const socket = await connect(server.url, client);
  sockets.push(socket);
  return socket;
}

const entry = { name: 'Anna', age: '30' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('handshake', () => {
  it('refuses a connection without a session, with a forged cookie, or from a foreign origin', async () => {
    await expect(connected(openSocket(server.url))).rejects.toThrow('unauthorized');
    const forged = server.client();
    forged.setCookie('formscribe_session', 'forged');
    await expect(connected(openSocket(server.url, forged))).rejects.toThrow('unauthorized');
    const { client } = await person(server);
    await expect(connected(openSocket(server.url, client, 'https://evil.example'))).rejects.toThrow('foreign origin');
    const own = openSocket(server.url, client, server.url);
    sockets.push(own);
    await connected(own);
  });
});

describe('rooms follow the REST policies', () => {
  it('owners watch as owners, contributors as contributors; outsiders are refused', async () => {
    const { owner, form, images } = await censusForm(server);
    const contributor = await person(server, form);
    const stranger = await person(server);
    expect(await watchForm(await socketFor(owner.client), form.id)).toEqual({ ok: true, role: 'owner' });
    expect(await watchForm(await socketFor(contributor.client), form.id)).toEqual({ ok: true, role: 'contributor' });
    const outsider = await socketFor(stranger.client);
    expect(await watchForm(outsider, form.id)).toMatchObject({ ok: false });
    expect(await watchImage(outsider, images[0]?.id ?? 0)).toMatchObject({ ok: false });
    expect(await watchForm(outsider, -1)).toMatchObject({ ok: false });
  });

  it('a contributor never receives the owners’ events (stats, submissions)', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2 });
    const contributor = await person(server, form);
    const socket = await socketFor(contributor.client);
    await watchForm(socket, form.id);
    const stats = recordEvents(socket, 'form:stats');
    const submissions = recordEvents(socket, 'form:submission');
    const progress = nextEvent(socket, 'form:progress');
    await owner.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: entry });
    expect(await progress).toMatchObject({ formId: form.id, totalImages: 3 });
    await pause(300);
    expect(stats.seen).toEqual([]);
    expect(submissions.seen).toEqual([]);
  });
});

describe('events after the causing HTTP call', () => {
  it('a submission reaches the owner (image, stats, submission) and the image’s watchers (verified fields, contributors)', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const ownerSocket = await socketFor(owner.client);
    await watchForm(ownerSocket, form.id);
    const peer = await person(server, form);
    const peerSocket = await socketFor(peer.client);
    expect(await watchImage(peerSocket, image.id)).toMatchObject({ ok: true });
    const contributor = await person(server, form);

    const events = Promise.all([
      nextEvent(ownerSocket, 'form:images-progress'),
      nextEvent(ownerSocket, 'form:stats'),
      nextEvent(ownerSocket, 'form:submission'),
      nextEvent(peerSocket, 'image:verified-fields'),
      nextEvent(peerSocket, 'image:contributors'),
    ]);
    await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    const [progress, stats, submission, verified, contributors] = await events;
    expect(progress.images).toMatchObject([{ id: image.id, entryCount: 1, verifiedFieldCount: 5, isComplete: true }]);
    expect(stats.stats).toMatchObject({ totalImages: 3, completedImages: 1, remainingImages: 2 });
    expect(submission).toMatchObject({ formId: form.id, imageId: image.id });
    expect(verified.fieldVerificationStatus.name).toEqual({ isVerified: true, verifiedValue: 'Anna' });
    expect(contributors.contributors).toHaveLength(1);
    expect(contributors.contributors[0]?.submittedBy).not.toContain('@');
  });

  it('votes, marks and settings changes are announced', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1 });
    const image = images[1];
    if (!image) throw new Error('no image');
    const contributor = await person(server, form);
    const watcher = await socketFor(contributor.client);
    await watchForm(watcher, form.id);
    await watchImage(watcher, image.id);

    const votes = nextEvent(watcher, 'image:votes');
    await contributor.client.post(`/api/images/${image.id}/vote-no-data`);
    expect(await votes).toMatchObject({ imageId: image.id, kind: 'no-data', voteCount: 1, isComplete: true });

    // The votes completed it, so it cannot be unmarked (409); marking it by hand is announced.
    const marked = nextEvent(watcher, 'image:verified-fields', (e) => e.imageId === image.id);
    await owner.client.post(`/api/images/${images[2]?.id}/complete`);
    expect((await owner.client.post(`/api/images/${image.id}/uncomplete`)).status).toBe(409);
    await owner.client.post(`/api/images/${image.id}/complete`);
    expect((await marked).isComplete).toBe(true);

    const paused = nextEvent(watcher, 'form:settings');
    await owner.client.patch(`/api/forms/${form.id}`, { dataEntryActive: false });
    expect((await paused).form).toMatchObject({ dataEntryActive: false, isActive: true });
  });

  it('deactivating a form takes its contributors out of its rooms at once; owners stay', async () => {
    const { owner, form, images } = await censusForm(server);
    const contributor = await person(server, form);
    const contributorSocket = await socketFor(contributor.client);
    await watchForm(contributorSocket, form.id);
    await watchImage(contributorSocket, images[0]?.id ?? 0);
    const ownerSocket = await socketFor(owner.client);
    await watchForm(ownerSocket, form.id);

    const settings = nextEvent(contributorSocket, 'form:settings');
    await owner.client.patch(`/api/forms/${form.id}`, { isActive: false });
    expect((await settings).form.isActive).toBe(false);
    await pause(200);
    const after = recordEvents(contributorSocket, 'image:progress');
    const ownerSees = nextEvent(ownerSocket, 'form:images-progress');
    await owner.client.post(`/api/images/${images[0]?.id}/complete`);
    await ownerSees;
    await pause(200);
    expect(after.seen).toEqual([]);
    // A fresh watch follows the REST read rule: contributors still read an inactive form.
    expect(await watchForm(contributorSocket, form.id)).toEqual({ ok: true, role: 'contributor' });
  });

  it('a blocked user’s sockets stop receiving the form’s events at once', async () => {
    const { owner, form, images } = await censusForm(server);
    const contributor = await person(server, form);
    const socket = await socketFor(contributor.client);
    await watchForm(socket, form.id);
    await watchImage(socket, images[0]?.id ?? 0);
    const res = await owner.client.post(`/api/forms/${form.id}/users/${contributor.user.id}/block`, { reason: 'spam' });
    expect(res.status).toBe(200);
    await pause(200);
    const seen = recordEvents(socket, 'form:progress');
    const verified = recordEvents(socket, 'image:verified-fields');
    await owner.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: entry });
    await pause(500);
    expect(seen.seen).toEqual([]);
    expect(verified.seen).toEqual([]);
    // A fresh watch follows the REST read rule: a blocked user still reads the form (entry says why).
    expect(await watchForm(socket, form.id)).toEqual({ ok: true, role: 'contributor' });
  });

  it('e-mail verification updates the user’s own tabs', async () => {
    const user = await createUser({ emailVerified: false });
    const client = server.client();
    await signIn(client, user);
    const socket = await socketFor(client);
    await client.post('/api/resend-verification');
    const mail = await server.smtp.waitFor(user.username, 'Verify');
    const link = /verify-email\?token=([^\s"<>]+)/.exec(mail.decoded)?.[1] ?? '';
    const updated = nextEvent(socket, 'user:updated');
    await server.client().get(`/api/verify-email?token=${link}`);
    expect((await updated).user).toMatchObject({ id: user.id, emailVerified: true });
    expect(await EmailVerificationToken.query().where({ userId: user.id }).whereNull('usedAt').resultSize()).toBe(0);
  });
});

describe('sessions and limits', () => {
  it('logout disconnects that session’s sockets; a password change disconnects all of the user’s', async () => {
    const { user, client } = await person(server);
    const other = server.client();
    await signIn(other, user);
    const first = await socketFor(client);
    const second = await socketFor(other);
    const firstGone = disconnected(first);
    await client.post('/api/logout');
    expect(await firstGone).toBe('io server disconnect');
    expect(second.connected).toBe(true);

    const third = server.client();
    await signIn(third, user);
    const secondGone = disconnected(second);
    await third.patch('/api/profile/password', { currentPassword: 'correct-horse', newPassword: 'another-secret' });
    expect(await secondGone).toBe('io server disconnect');
  });

  it('closes a socket that sends more than 64 KB in one message or floods events', async () => {
    const { client } = await person(server);
    const big = await socketFor(client);
    const bigGone = disconnected(big);
    big.emit('watch:form', 'x'.repeat(MAX_SOCKET_PAYLOAD_BYTES + 10) as unknown as number, () => {});
    await bigGone;

    const flooder = await socketFor(client);
    const floodGone = disconnected(flooder);
    for (let i = 0; i < 500; i++) flooder.emit('unwatch:form', 1);
    await floodGone;
  });
});

describe('presence', () => {
  it('watchers of an image learn how many people have it open', async () => {
    const { form, images } = await censusForm(server);
    const a = await person(server, form);
    const b = await person(server, form);
    const first = await socketFor(a.client);
    await watchImage(first, images[0]?.id ?? 0);
    const second = await socketFor(b.client);
    const twoViewers = nextEvent(first, 'image:presence', (e) => e.viewers === 2);
    await watchImage(second, images[0]?.id ?? 0);
    await twoViewers;
    const oneViewer = nextEvent(first, 'image:presence', (e) => e.viewers === 1);
    second.disconnect();
    await oneViewer;
  });
});

describe('HTTP long-polling transport', () => {
  it('works beside the API: a polling client connects and the server stays up', async () => {
    const { client } = await person(server);
    const cookie = client.cookie('formscribe_session');
    const { io } = await import('socket.io-client');
    const polling = io(server.url, {
      transports: ['polling'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: `formscribe_session=${cookie}` },
    });
    await new Promise<void>((resolve, reject) => {
      polling.once('connect', () => resolve());
      polling.once('connect_error', reject);
    });
    expect(await polling.timeout(5000).emitWithAck('watch:form', 999_999)).toMatchObject({ ok: false });
    polling.disconnect();
    expect((await fetch(`${server.url}/api/health`)).ok).toBe(true);
  });
});
