/**
 * The order next-image offers images in: least covered first, where cover is entries plus leases.
 * Leases sit on each image row as a count the database keeps (it orders the choice on an index);
 * these tests check that the count stays true under concurrent traffic and that an expired lease
 * stops counting once the sweeper has been.
 */
import type { NextImageResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredLeases } from '../../services/entry/imageLeases.ts';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function handedTo(who: Person, formId: number, skipImageId?: number) {
  const query = skipImageId === undefined ? '' : `?skipImageId=${skipImageId}`;
  const res = await who.client.get<NextImageResponse>(`/api/forms/${formId}/next-image${query}`);
  return res.status === 200 ? res.body.image.id : undefined;
}

/** Images whose stored lease count differs from their lease rows. */
async function miscountedImages(formId: number) {
  const { rows } = await server.knex.raw(
    `SELECT i.id, i.lease_count, (SELECT count(*) FROM image_leases l WHERE l.image_id = i.id)::int AS rows
     FROM form_images i WHERE i.form_id = ? AND i.lease_count <> (SELECT count(*) FROM image_leases l WHERE l.image_id = i.id)`,
    [formId],
  );
  return rows;
}

describe('next-image order', () => {
  it('offers an image with an expired lease first again once the sweeper has been', async () => {
    const { form, images } = await censusForm(server, { threshold: 3, images: 2 });
    const [entered, leased] = images;
    if (!entered || !leased) throw new Error('images');
    const [writer, holder, next] = await Promise.all([1, 2, 3].map(() => person(server, form)));
    if (!writer || !holder || !next) throw new Error('people');
    // One image gets an entry, the other a lease that then runs out: both are covered once.
    await writer.client.post(`/api/forms/${form.id}/submissions`, { imageId: entered.id, data: entry });
    await server.knex('image_leases').insert({
      image_id: leased.id,
      user_id: holder.user.id,
      form_id: form.id,
      expires_at: new Date(Date.now() - 1000),
    });
    expect(await sweepExpiredLeases(server.knex)).toBeGreaterThanOrEqual(1);
    // Swept, the leased image has no cover at all and comes before the one with an entry.
    expect(await handedTo(next, form.id)).toBe(leased.id);
  });

  it('keeps every image’s lease count equal to its leases through concurrent takes, skips, entries, votes and departures', async () => {
    // Four rounds cover images at most 32 times, under the 36 that would close all twelve: the last
    // round still hands out images, so the skips in it leave leases to count.
    const { form } = await censusForm(server, { threshold: 3, images: 12 });
    const crowd = await Promise.all(Array.from({ length: 16 }, () => person(server, form)));
    const act = async (who: Person, round: number) => {
      const imageId = await handedTo(who, form.id);
      if (imageId === undefined) return;
      const choice = (who.user.id + round) % 4;
      if (choice === 0) await who.client.post(`/api/forms/${form.id}/submissions`, { imageId, data: entry });
      else if (choice === 1) await who.client.post(`/api/images/${imageId}/vote-unreadable`);
      else if (choice === 2) await handedTo(who, form.id, imageId);
      else await server.knex('image_leases').where({ user_id: who.user.id }).delete();
    };
    for (let round = 0; round < 4; round++) await Promise.all(crowd.map((who) => act(who, round)));
    expect(await miscountedImages(form.id)).toEqual([]);
    expect(
      Number((await server.knex('image_leases').where({ form_id: form.id }).count({ n: '*' }))[0]?.n),
    ).toBeGreaterThan(0);
  });
});
