/**
 * One writer for an image's state, one place deciding what a change announces: checked through
 * HTTP, a real webhook receiver and real sockets. A form-wide recompute announces its webhooks
 * and one update of the form's figures; a vote and a manager's mark go through the same writer.
 */
import type { WebhookEvent } from '@formscribe/common/schemas/webhook';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FormImage } from '../../models/index.ts';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import {
  connect,
  nextEvent,
  nextOwnerImage,
  recordEvents,
  type TestSocket,
  watchForm,
} from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { WebhookReceiver, waitUntil } from '../../test/webhookReceiver.ts';

let server: TestServer;
let receiver: WebhookReceiver | undefined;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer({ WEBHOOK_ALLOW_LOOPBACK: 'true' });
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await receiver?.stop();
  receiver = undefined;
});
afterAll(() => server.stop());

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for every event of a change to have arrived on a loopback socket. */
const SETTLE_MS = 1500;

async function ownerSocket(owner: Person, formId: number): Promise<TestSocket> {
  const socket = await connect(server.url, owner.client);
  sockets.push(socket);
  expect(await watchForm(socket, formId)).toMatchObject({ ok: true, role: 'owner' });
  return socket;
}

/** Saves a receiver's URL as the form's webhook; events received are parsed as they arrive. */
async function hook(owner: Person, formId: number) {
  receiver = await WebhookReceiver.start();
  const saved = await owner.client.patch(`/api/forms/${formId}`, { webhookUrl: receiver.url() });
  expect(saved.status).toBe(200);
  const target = receiver;
  return () => target.received.map((request) => JSON.parse(request.body) as WebhookEvent);
}

const ofType = (events: WebhookEvent[], type: WebhookEvent['type']) => events.filter((e) => e.type === type);

describe('a form-wide recompute announces', () => {
  it('a threshold change that verifies 50 images sends their webhooks and ONE stats update', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 50 });
    const contributor = await person(server, form);
    for (const image of images) {
      const sent = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
        imageId: image.id,
        data: entry,
      });
      expect(sent.status).toBe(201);
    }
    const events = await hook(owner, form.id);
    const socket = await ownerSocket(owner, form.id);
    await pause(SETTLE_MS); // the entries' own events are over
    const stats = recordEvents(socket, 'form:stats');
    const progress = recordEvents(socket, 'form:images-progress');

    const patched = await owner.client.patch(`/api/forms/${form.id}`, { requiredEntriesPerImage: 1 });
    expect(patched.status).toBe(200);

    await waitUntil(() => ofType(events(), 'image.completed').length >= 50, 30_000, '50 image.completed webhooks');
    await pause(SETTLE_MS);
    expect(
      ofType(events(), 'image.verified')
        .map((e) => e.data.image.id)
        .sort(),
    ).toEqual(images.map((i) => i.id).sort());
    expect(ofType(events(), 'image.completed')).toHaveLength(50);
    expect(stats.seen).toHaveLength(1);
    expect(stats.seen[0]?.stats).toMatchObject({ totalImages: 50, completedImages: 50 });
    expect(progress.seen).toEqual([]); // no event per image
  });

  it('dropping a blocked contributor’s entries updates the owner’s figures', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const contributor = await person(server, form);
    for (const image of images) {
      await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    }
    const socket = await ownerSocket(owner, form.id);
    const dropped = nextEvent(socket, 'form:stats', (e) => e.stats.completedImages === 0, 15_000);
    const recomputed = nextEvent(socket, 'form:recomputed', () => true, 15_000);

    const blocked = await owner.client.post(`/api/forms/${form.id}/users/${contributor.user.id}/block`, {
      dropEntries: true,
    });
    expect(blocked.status).toBe(200);

    expect((await dropped).stats).toMatchObject({ totalImages: 2, completedImages: 0 });
    expect(await recomputed).toEqual({ formId: form.id });
  });
});

describe('entries, votes and marks go through the same writer', () => {
  it('deleting an entry and accepting a value update the owner’s figures', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 1 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const first = await person(server, form);
    const second = await person(server, form);
    await first.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    const other = await second.client.post<{ id: number }>(`/api/forms/${form.id}/submissions`, {
      imageId: image.id,
      data: { ...entry, age: '31' },
    });
    const socket = await ownerSocket(owner, form.id);

    const accepted = nextEvent(socket, 'form:stats', (e) => e.stats.completedImages === 1);
    const resolved = await owner.client.post(`/api/images/${image.id}/resolutions`, { fieldId: 'age', value: '30' });
    expect(resolved.status).toBe(200);
    expect((await accepted).stats.completedImages).toBe(1);

    const deleted = nextEvent(socket, 'form:stats', (e) => e.stats.completedImages === 0);
    expect((await owner.client.delete(`/api/submissions/${other.body.id}`)).status).toBeLessThan(300);
    expect((await deleted).stats.completedImages).toBe(0);
  });

  it('a vote that completes an image and a manager’s mark announce alike', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const [voted, marked] = images;
    if (!voted || !marked) throw new Error('no images');
    const contributor = await person(server, form);
    const events = await hook(owner, form.id);
    const socket = await ownerSocket(owner, form.id);

    const votedProgress = nextOwnerImage(socket, (image) => image.id === voted.id);
    const votedStats = nextEvent(socket, 'form:stats', (e) => e.stats.completedImages === 1);
    expect((await contributor.client.post(`/api/images/${voted.id}/vote-no-data`, {})).status).toBe(200);
    expect((await votedProgress).image).toMatchObject({ isComplete: true });
    await votedStats;

    const markedProgress = nextOwnerImage(socket, (image) => image.id === marked.id);
    const markedStats = nextEvent(socket, 'form:stats', (e) => e.stats.completedImages === 2);
    expect((await owner.client.post(`/api/images/${marked.id}/complete`, {})).status).toBe(200);
    expect((await markedProgress).image).toMatchObject({ isComplete: true, manuallyCompleted: true });
    await markedStats;

    await waitUntil(() => events().length >= 2, 15_000, 'two webhooks');
    await pause(SETTLE_MS);
    // Deliveries run in parallel: their order of arrival is not the order of the changes.
    const received = events().map((e) => [e.type, e.data.image.id]);
    expect(received).toHaveLength(2);
    expect(received).toEqual(
      expect.arrayContaining([
        ['image.voted_complete', voted.id],
        ['image.completed', marked.id],
      ]),
    );
    expect(events().find((e) => e.type === 'image.completed')?.data).toMatchObject({ reason: 'manual' });
  });

  it('a mark and a vote at the same moment serialise on the image: one completion, a consistent row', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 6 });
    const contributor = await person(server, form);
    const events = await hook(owner, form.id);

    await Promise.all(
      images.flatMap((image) => [
        owner.client.post(`/api/images/${image.id}/complete`, {}),
        contributor.client.post(`/api/images/${image.id}/vote-unreadable`, {}),
      ]),
    );

    await waitUntil(() => events().length >= images.length, 15_000, 'one completion webhook per image');
    await pause(SETTLE_MS);
    for (const image of images) {
      const row = await FormImage.query().findById(image.id);
      expect(row).toMatchObject({ isComplete: true, manuallyCompleted: true, unreadableVoteCount: 1 });
      expect(row?.completedAt).toBeInstanceOf(Date);
      // Whichever came second saw a complete image: only the first announced the completion.
      expect(events().filter((e) => e.data.image.id === image.id)).toHaveLength(1);
    }

    // Unmarking keeps the image complete: the vote still counts.
    const unmarked = await owner.client.post<{ isComplete: boolean }>(`/api/images/${images[0]?.id}/uncomplete`, {});
    expect(unmarked.body).toMatchObject({ isComplete: true, manuallyCompleted: false });
  });
});
