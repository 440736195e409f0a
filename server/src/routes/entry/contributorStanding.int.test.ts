/**
 * A contributor's standing on a form: the next image comes with how many of the form's open images
 * still need them (remainingCount, the entry page's "N of M"). The database keeps how many open
 * images each contributor has entered or voted on (migration 20270103000100_contributor_open_images)
 * instead of counting their whole history on every image handed out. These tests check the kept
 * count against a count from the history, through everything that changes it, alone and at once.
 */
import type { NextImageResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  down as forgetStandings,
  up as keepStandings,
} from '../../../migrations/20270103000100_contributor_open_images.ts';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { signedInAdmin } from '../../test/factories.ts';
import type { TestClient } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

const entry = { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true };

let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await signedInAdmin(server)).client;
});
afterAll(() => server.stop());

/**
 * The rows kept for the form that should not be there, and those missing: one per open image and
 * contributor who has entered or voted on it.
 */
async function staleStandings(formId: number) {
  const { rows } = await server.knex.raw(
    `WITH truth AS (
       SELECT fi.id AS image_id, t.user_id FROM form_images fi
       JOIN (SELECT image_id, submitted_by_id AS user_id FROM form_submissions WHERE submitted_by_id IS NOT NULL
             UNION SELECT image_id, user_id FROM image_no_data_votes
             UNION SELECT image_id, user_id FROM image_unreadable_votes) t ON t.image_id = fi.id
       WHERE fi.form_id = :formId AND NOT fi.is_complete),
     kept AS (SELECT image_id, user_id FROM contributor_open_images WHERE form_id = :formId)
     SELECT coalesce(truth.image_id, kept.image_id) AS image_id, coalesce(truth.user_id, kept.user_id) AS user_id,
       truth.image_id IS NOT NULL AS should_be_kept
     FROM truth FULL JOIN kept ON kept.image_id = truth.image_id AND kept.user_id = truth.user_id
     WHERE truth.image_id IS NULL OR kept.image_id IS NULL`,
    { formId },
  );
  return rows;
}

const keptFor = (formId: number, userId: number) =>
  server.knex('contributor_open_images').where({ form_id: formId, user_id: userId }).orderBy('image_id');

async function remaining(who: Person, formId: number): Promise<number> {
  const res = await who.client.get<NextImageResponse>(`/api/forms/${formId}/next-image`);
  expect(res.status).toBe(200);
  return res.body.remainingCount;
}

const submit = (who: Person, formId: number, imageId: number) =>
  who.client.post(`/api/forms/${formId}/submissions`, { imageId, data: entry });

describe('a contributor’s standing', () => {
  it('follows entries, votes, agreement, marking complete and back, deleted entries and images, blocks and deleted accounts', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 5 });
    const [first, second, third, fourth] = images;
    if (!first || !second || !third || !fourth) throw new Error('images');
    const [anna, ben] = await Promise.all([person(server, form), person(server, form)]);
    if (!anna || !ben) throw new Error('people');
    const check = async () => expect(await staleStandings(form.id)).toEqual([]);

    expect(await remaining(anna, form.id)).toBe(5);
    expect((await submit(anna, form.id, first.id)).status).toBe(201);
    expect((await anna.client.post(`/api/images/${second.id}/vote-unreadable`)).status).toBe(200);
    await check();
    expect(await remaining(anna, form.id)).toBe(3);

    // Ben agrees on the first image: it is complete, for Anna too (4 open, one of them hers).
    const bens = await submit(ben, form.id, first.id);
    expect(bens.status).toBe(201);
    await check();
    expect(await remaining(anna, form.id)).toBe(3);
    expect(await remaining(ben, form.id)).toBe(4);

    // The owner deletes Ben's entry: the first image is open again, and Anna's again.
    const bensEntry = (bens.body as { id: number }).id;
    expect((await owner.client.delete(`/api/submissions/${bensEntry}`)).status).toBe(204);
    await check();
    expect(await remaining(anna, form.id)).toBe(3);
    expect(await remaining(ben, form.id)).toBe(5);

    // Marked complete by hand and back.
    expect((await owner.client.post(`/api/images/${second.id}/complete`)).status).toBe(200);
    await check();
    expect(await remaining(anna, form.id)).toBe(3);
    expect(await remaining(ben, form.id)).toBe(4);
    expect((await owner.client.post(`/api/images/${second.id}/uncomplete`)).status).toBe(200);
    await check();
    expect(await remaining(anna, form.id)).toBe(3);

    // A deleted image takes its standing with it.
    expect((await submit(ben, form.id, third.id)).status).toBe(201);
    expect((await owner.client.delete(`/api/images/${third.id}`)).status).toBe(204);
    await check();
    expect(await remaining(ben, form.id)).toBe(4);

    // A block that takes the contributor's entries out of consensus keeps them, and their standing;
    // a deleted account takes its standing with it.
    const annas = await submit(anna, form.id, fourth.id);
    expect(annas.status).toBe(201);
    expect(await remaining(anna, form.id)).toBe(1);
    // Her entry on an open image deleted: it needs her again.
    expect((await owner.client.delete(`/api/submissions/${(annas.body as { id: number }).id}`)).status).toBe(204);
    await check();
    expect(await remaining(anna, form.id)).toBe(2);
    const block = { reason: 'test', dropEntries: true };
    expect((await owner.client.post(`/api/forms/${form.id}/users/${anna.user.id}/block`, block)).status).toBe(200);
    await check();
    expect(await keptFor(form.id, anna.user.id)).toMatchObject([{ imageId: first.id }, { imageId: second.id }]);
    expect((await admin.delete(`/api/admin/users/${ben.user.id}`)).status).toBe(204);
    await check();
    expect(await server.knex('contributor_open_images').where({ user_id: ben.user.id })).toEqual([]);
  });

  it('stays true through concurrent entries, agreements, votes and skips, with the owner marking and deleting', async () => {
    // More images than the rounds can finish, so that some stay open in contributors' hands.
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 30 });
    const crowd = await Promise.all(Array.from({ length: 16 }, () => person(server, form)));
    const act = async (who: Person, round: number) => {
      const res = await who.client.get<NextImageResponse>(`/api/forms/${form.id}/next-image`);
      if (res.status !== 200) return;
      const imageId = res.body.image.id;
      const choice = (who.user.id + round) % 5;
      if (choice <= 1) await submit(who, form.id, imageId);
      else if (choice === 2) await who.client.post(`/api/images/${imageId}/vote-unreadable`);
      else if (choice === 3) await who.client.post(`/api/images/${imageId}/vote-no-data`);
      else await who.client.get(`/api/forms/${form.id}/next-image?skipImageId=${imageId}`);
    };
    const ownerActs = async (round: number) => {
      const image = images[round % images.length];
      if (!image) return;
      await owner.client.post(`/api/images/${image.id}/${round % 2 ? 'uncomplete' : 'complete'}`);
      const entry = await server.knex('form_submissions').where({ form_id: form.id }).orderBy('id').first();
      if (entry) await owner.client.delete(`/api/submissions/${entry.id}`);
    };
    for (let round = 0; round < 4; round++)
      await Promise.all([...crowd.map((who) => act(who, round)), ownerActs(round)]);
    expect(await staleStandings(form.id)).toEqual([]);
    // What the test is for happened: images completed by agreement, and contributors still hold open ones.
    const figures = await server.knex('form_images').where({ form_id: form.id, is_complete: true }).count({ n: '*' });
    expect(Number(figures[0]?.n)).toBeGreaterThan(0);
    const open = await server.knex('contributor_open_images').where({ form_id: form.id });
    expect(open.length).toBeGreaterThan(0);
  });

  it('lets entries that complete images at once, each on an image the other contributor entered first, all through', async () => {
    // Pairs of images: X enters A and Y enters B; then, at once, Y completes A and X completes B.
    // Each completing entry writes its own contributor's standing and then, completing, the other's:
    // a row shared per contributor would make the two wait on each other (a deadlock, a 500).
    const pairs = 12;
    const { form, images } = await censusForm(server, { threshold: 2, images: pairs * 2 });
    const people = await Promise.all(Array.from({ length: pairs * 2 }, () => person(server, form)));
    const firsts = await Promise.all(
      people.map((who, i) => submit(who, form.id, images[i]?.id ?? 0).then((res) => res.status)),
    );
    expect(firsts).toEqual(people.map(() => 201));
    const completing = await Promise.all(
      people.map((who, i) => submit(who, form.id, images[i % 2 ? i - 1 : i + 1]?.id ?? 0).then((res) => res.status)),
    );
    expect(completing).toEqual(people.map(() => 201));
    const complete = await server.knex('form_images').where({ form_id: form.id, is_complete: true }).count({ n: '*' });
    expect(Number(complete[0]?.n)).toBe(pairs * 2);
    expect(await staleStandings(form.id)).toEqual([]);
  });

  it('is counted from what is already there when the migration runs', async () => {
    const { form, images } = await censusForm(server, { threshold: 2, images: 3 });
    const [first, second] = images;
    if (!first || !second) throw new Error('images');
    const [anna, ben] = await Promise.all([person(server, form), person(server, form)]);
    if (!anna || !ben) throw new Error('people');
    await submit(anna, form.id, first.id);
    await submit(ben, form.id, first.id);
    await submit(anna, form.id, second.id);
    await ben.client.post(`/api/images/${second.id}/vote-no-data`);
    await forgetStandings(server.knex);
    await keepStandings(server.knex);
    expect(await staleStandings(form.id)).toEqual([]);
    expect(await remaining(anna, form.id)).toBe(1);
    expect(await remaining(ben, form.id)).toBe(1);
  });
});
