/**
 * next-image hands out images with leases: simultaneous contributors get different images, an
 * image never collects more entries than agreement needs, and a lease ends with the holder's
 * entry, vote, skip, departure or expiry.
 */
import { ALL_IMAGES_IN_PROGRESS, type NextImageResponse, NO_IMAGES_LEFT } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Form, FormImage } from '../../models/index.ts';
import { sweepExpiredLeases } from '../../services/entry/imageLeases.ts';
import { recountFormCounters } from '../../services/stats/formCounters.ts';
import { addImages, censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { connect } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

function nextImage(who: Person, form: Form, skipImageId?: number) {
  const query = skipImageId === undefined ? '' : `?skipImageId=${skipImageId}`;
  return who.client.get<NextImageResponse>(`/api/forms/${form.id}/next-image${query}`);
}

async function imageHandedTo(who: Person, form: Form, skipImageId?: number): Promise<number> {
  const res = await nextImage(who, form, skipImageId);
  expect(res.status).toBe(200);
  return res.body.image.id;
}

async function expectAllInProgress(who: Person, form: Form) {
  const res = await nextImage(who, form);
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ message: ALL_IMAGES_IN_PROGRESS });
}

async function people(form: Form, count: number): Promise<Person[]> {
  return Promise.all(Array.from({ length: count }, () => person(server, form)));
}

describe('next-image leases', () => {
  it('gives 200 contributors asking at the same moment 200 different images', async () => {
    const { form } = await censusForm(server, { threshold: 1, images: 0 });
    await addImages(form, 200);
    const crowd = await people(form, 200);
    const handed = await Promise.all(crowd.map((who) => imageHandedTo(who, form)));
    expect(new Set(handed).size).toBe(200);
  });

  it('never lets an image collect more entries than agreement needs (threshold 2, 10 contributors)', async () => {
    const { form, images } = await censusForm(server, { threshold: 2, images: 4 });
    const crowd = await people(form, 10);
    const work = async (who: Person) => {
      for (;;) {
        const res = await nextImage(who, form);
        if (res.status === 404 && (res.body as unknown as { message: string }).message === NO_IMAGES_LEFT) return;
        if (res.status === 404) {
          // Everything free is held by others right now: ask again once they have moved on.
          await new Promise((resolve) => setTimeout(resolve, 20));
          continue;
        }
        const sent = await who.client.post(`/api/forms/${form.id}/submissions`, {
          imageId: res.body.image.id,
          data: entry,
        });
        expect(sent.status).toBe(201);
      }
    };
    await Promise.all(crowd.map(work));
    const after = await FormImage.query().where({ formId: form.id }).orderBy('id');
    expect(after.map((image) => [image.entryCount, image.isComplete])).toEqual(images.map(() => [2, true]));
  });

  it('gives one more contributor at a time an image whose entries disagree', async () => {
    const { form, images } = await censusForm(server, { threshold: 2, images: 1 });
    const [image] = images;
    if (!image) throw new Error('image');
    const [first, second, third, fourth] = await people(form, 4);
    if (!first || !second || !third || !fourth) throw new Error('people');
    for (const [who, name] of [
      [first, 'Anna'],
      [second, 'Hanna'],
    ] as const) {
      expect(await imageHandedTo(who, form)).toBe(image.id);
      await who.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { ...entry, name } });
    }
    expect(await imageHandedTo(third, form)).toBe(image.id);
    await expectAllInProgress(fourth, form);
  });

  it('gives the same contributor the same image when they ask again', async () => {
    const { form } = await censusForm(server, { threshold: 1, images: 20 });
    const [me] = await people(form, 1);
    if (!me) throw new Error('person');
    const first = await imageHandedTo(me, form);
    expect(await imageHandedTo(me, form)).toBe(first);
    expect(await imageHandedTo(me, form)).toBe(first);
  });

  it('gives a new image, and frees the old, when the image a contributor holds no longer needs them', async () => {
    const { form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const [me, other] = await people(form, 2);
    if (!me || !other) throw new Error('people');
    const held = await imageHandedTo(me, form);
    // The owner marks it complete while it is on my screen: my live lease stays, the image is done.
    await FormImage.query().findById(held).patch({ isComplete: true, manuallyCompleted: true });
    await recountFormCounters(server.knex, form.id);
    const instead = await imageHandedTo(me, form);
    expect(instead).toBe(images.find((image) => image.id !== held)?.id);
    expect(await server.knex('image_leases').where({ user_id: me.user.id }).pluck('image_id')).toEqual([instead]);
    await expectAllInProgress(other, form);
  });

  it('offers an image held by someone else again once the expired lease is swept', async () => {
    const { form, images } = await censusForm(server, { threshold: 1, images: 1 });
    const [holder, waiting] = await people(form, 2);
    if (!holder || !waiting) throw new Error('people');
    expect(await imageHandedTo(holder, form)).toBe(images[0]?.id);
    await expectAllInProgress(waiting, form);
    await server
      .knex('image_leases')
      .where({ user_id: holder.user.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    // The sweeper (every 30 s in the app) deletes it; the image is free from then on.
    expect(await sweepExpiredLeases(server.knex)).toBe(1);
    expect(await imageHandedTo(waiting, form)).toBe(images[0]?.id);
  });

  it('never offers a complete image, even when everything else is held', async () => {
    const { form, images } = await censusForm(server, { threshold: 1, images: 2 });
    const [open, complete] = images;
    if (!open || !complete) throw new Error('images');
    await FormImage.query().findById(complete.id).patch({ isComplete: true, manuallyCompleted: true });
    // Written around the image state writer: the form's counters are recounted as the repair job would.
    await recountFormCounters(server.knex, form.id);
    const [first, second] = await people(form, 2);
    if (!first || !second) throw new Error('people');
    expect(await imageHandedTo(first, form)).toBe(open.id);
    await expectAllInProgress(second, form);
    await first.client.post(`/api/forms/${form.id}/submissions`, { imageId: open.id, data: entry });
    expect((await nextImage(second, form)).body).toEqual({ message: NO_IMAGES_LEFT });
  });

  it('releases a skipped image for others, but keeps it while there is nothing else to go to', async () => {
    const { form } = await censusForm(server, { threshold: 1, images: 2 });
    const [me, other, third] = await people(form, 3);
    if (!me || !other || !third) throw new Error('people');
    const skipped = await imageHandedTo(me, form);
    const instead = await imageHandedTo(me, form, skipped);
    expect(instead).not.toBe(skipped);
    expect(await imageHandedTo(other, form)).toBe(skipped);
    // Both images are held now: skipping finds nothing else, so mine stays mine.
    expect((await nextImage(me, form, instead)).status).toBe(404);
    await expectAllInProgress(third, form);
  });

  it('releases the image when its holder submits or votes on it', async () => {
    const { form, images } = await censusForm(server, { threshold: 3, images: 1 });
    const [image] = images;
    if (!image) throw new Error('image');
    const [submitter, voter, holder, late] = await people(form, 4);
    if (!submitter || !voter || !holder || !late) throw new Error('people');
    for (const who of [submitter, voter, holder]) expect(await imageHandedTo(who, form)).toBe(image.id);
    await expectAllInProgress(late, form);
    // An entry and a vote each give their holder's place back (else 1 entry + 3 leases would fill it).
    await submitter.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: entry });
    await voter.client.post(`/api/images/${image.id}/vote-unreadable`);
    expect(await imageHandedTo(late, form)).toBe(image.id);
  });

  it('releases the images of a contributor whose last socket closes', async () => {
    const { form, images } = await censusForm(server, { threshold: 1, images: 1 });
    const [leaving, waiting] = await people(form, 2);
    if (!leaving || !waiting) throw new Error('people');
    const socket = await connect(server.url, leaving.client);
    expect(await imageHandedTo(leaving, form)).toBe(images[0]?.id);
    await expectAllInProgress(waiting, form);
    socket.disconnect();
    await expect
      .poll(async () => (await nextImage(waiting, form)).body, { timeout: 20_000, interval: 250 })
      .toMatchObject({ image: { id: images[0]?.id } });
  }, 30_000);
});
