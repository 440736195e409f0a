/**
 * The form's figures are coalesced: a burst of submissions costs its watchers a handful of figure
 * events (at most one per form per interval), and the last one they receive is the form's state.
 * Per-image events still go out for every submission, to the image's own watchers; when the
 * figures go out at once, they go first.
 */
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { connect, recordEvents, type TestSocket, watchForm, watchImage } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';
import { CONTRIBUTOR_PROGRESS_INTERVAL_MS } from './contributorProgress.ts';
import { FIGURES_INTERVAL_MS } from './formFigures.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function watching(who: Person, formId: number): Promise<TestSocket> {
  const socket = await connect(server.url, who.client);
  sockets.push(socket);
  expect(await watchForm(socket, formId)).toMatchObject({ ok: true });
  return socket;
}

describe('a burst of submissions', () => {
  it('reaches owners and contributors as a few figure events, the last one exact', async () => {
    const SUBMISSIONS = 50;
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: SUBMISSIONS });
    const contributors = await Promise.all(Array.from({ length: 5 }, () => person(server, form)));
    const ownerSocket = await watching(owner, form.id);
    const contributorSocket = await watching(contributors[0] as Person, form.id);
    const lastImage = images[SUBMISSIONS - 1];
    if (!lastImage) throw new Error('no image');
    const imageWatcher = await watching(contributors[1] as Person, form.id);
    expect(await watchImage(imageWatcher, lastImage.id)).toMatchObject({ ok: true });
    const stats = recordEvents(ownerSocket, 'form:stats');
    const progress = recordEvents(contributorSocket, 'form:progress');
    const imageEvents = recordEvents(imageWatcher, 'image:verified-fields');
    const ownerImages = recordEvents(ownerSocket, 'form:images-progress');
    const ownerSubmissions = recordEvents(ownerSocket, 'form:submission');

    const started = Date.now();
    const answers = await Promise.all(
      images.map((image, i) =>
        (contributors[i % contributors.length] as Person).client.post(`/api/forms/${form.id}/submissions`, {
          imageId: image.id,
          data: entry,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(images.map(() => 201));
    const expected = (await owner.client.get<VerificationStats>(`/api/forms/${form.id}/verification-stats`)).body;
    expect(expected).toMatchObject({ totalImages: SUBMISSIONS, completedImages: SUBMISSIONS });

    await waitUntil(
      () => JSON.stringify(stats.seen.at(-1)?.stats) === JSON.stringify(expected),
      10_000,
      'the owner to receive the final figures',
    );
    await waitUntil(
      () => progress.seen.at(-1)?.completedImages === SUBMISSIONS,
      10_000,
      'the contributor to receive the final progress',
    );
    const elapsed = Date.now() - started;
    await pause(FIGURES_INTERVAL_MS * 4); // anything still queued would have arrived by now

    expect(stats.seen.at(-1)?.stats).toEqual(expected);
    expect(progress.seen.at(-1)).toEqual({ formId: form.id, totalImages: SUBMISSIONS, completedImages: SUBMISSIONS });
    // At most one publish per interval (plus the leading one) however many submissions landed:
    // the bound follows how long the burst took on this machine, never a fixed timing.
    const allowed = Math.ceil(elapsed / FIGURES_INTERVAL_MS) + 1;
    expect(stats.seen.length).toBeLessThanOrEqual(allowed);
    expect(stats.seen.length).toBeLessThan(SUBMISSIONS);
    // Contributors' progress goes to every contributor socket: at most once a second.
    expect(progress.seen.length).toBeLessThanOrEqual(Math.ceil(elapsed / CONTRIBUTOR_PROGRESS_INTERVAL_MS) + 1);
    // Owners hear of the images and submissions at the figures' pace too, and of every image,
    // each in its final state.
    for (const seen of [ownerImages.seen, ownerSubmissions.seen]) {
      expect(seen.length).toBeLessThanOrEqual(allowed);
      expect(seen.length).toBeLessThan(SUBMISSIONS);
    }
    const lastStateOf = new Map(ownerImages.seen.flatMap((e) => e.images).map((image) => [image.id, image]));
    expect([...lastStateOf.keys()].sort()).toEqual(images.map((image) => image.id).sort());
    expect([...lastStateOf.values()].every((image) => image.isComplete)).toBe(true);
    // The image's own watchers are not coalesced: they hear about their image's submission.
    expect(imageEvents.seen.map((e) => e.imageId)).toEqual([lastImage.id]);
  });

  it('an isolated change is published without waiting for a burst', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const ownerSocket = await watching(owner, form.id);
    const stats = recordEvents(ownerSocket, 'form:stats');
    await owner.client.post(`/api/images/${images[0]?.id}/complete`);
    await waitUntil(() => stats.seen.length === 1, 5_000, 'the figures of one mark');
    expect(stats.seen[0]?.stats).toMatchObject({ totalImages: 2, completedImages: 1 });
    await pause(FIGURES_INTERVAL_MS * 3);
    expect(stats.seen).toHaveLength(1);
  });

  it('an isolated entry gives owners the new figures before its per-image events', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const contributor = await person(server, form);
    const ownerSocket = await watching(owner, form.id);
    const arrived: string[] = [];
    for (const event of ['form:stats', 'form:images-progress', 'form:submission'] as const) {
      ownerSocket.on(event, () => arrived.push(event));
    }
    const sent = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
      imageId: images[0]?.id,
      data: entry,
    });
    expect(sent.status).toBe(201);
    await waitUntil(() => arrived.length >= 3, 5_000, 'the entry’s owner events');
    expect(arrived[0]).toBe('form:stats');
    expect(arrived).toEqual(expect.arrayContaining(['form:images-progress', 'form:submission']));
  });
});
