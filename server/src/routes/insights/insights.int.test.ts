/**
 * The Insights figures over HTTP on a known data set, checked against values worked out by hand;
 * who may see them; and the heatmap kept live by the owners' `form:images-progress` events.
 */
import { HEAT_STATES, heatStateOf } from '@formscribe/common/insights';
import type {
  AgreementResponse,
  ContributorDisagreementsResponse,
  FieldDifficultyResponse,
  HeatmapResponse,
  ThroughputResponse,
} from '@formscribe/common/schemas/insights';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Form, User } from '../../models/index.ts';
import { recountFormInsights } from '../../services/insights/insightsRecount.ts';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { signedInAdmin } from '../../test/factories.ts';
import { connect, nextOwnerImage, type TestSocket, watchForm } from '../../test/socketClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.stop());

const professional = (who: Person) => User.query().findById(who.user.id).patch({ plan: 'professional' });
const heatBytes = (heat: HeatmapResponse) => [...Buffer.from(heat.states, 'base64')].map((b) => HEAT_STATES[b]);

/**
 * Threshold 2, four images, census fields (name text, age number, born expandedDate, parish
 * select, alive checkbox):
 * 1. Ada and Bob agree on all but the name's case ('Anna Smith' / 'anna smith'), and write the
 *    birth date differently ('1890|3|' / '1890|03|', the same date): disputed on the name.
 * 2. Ada 'Carl' 41, Bob 'Carl' 14, Cyd 'Karl' 41: every field verified (Carl, 41), complete.
 * 3. Ada alone: in progress. 4. No entries.
 */
async function knownDataSet() {
  const { owner, form, images } = await censusForm(server, { threshold: 2, images: 4 });
  await professional(owner);
  const [ada, bob, cyd] = [await person(server, form), await person(server, form), await person(server, form)];
  const [i1, i2, i3] = images;
  if (!i1 || !i2 || !i3) throw new Error('images');
  const submit = async (who: Person, imageId: number, data: Record<string, unknown>) => {
    const res = await who.client.post(`/api/forms/${form.id}/submissions`, { imageId, data });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  await submit(ada, i1.id, { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true });
  await submit(bob, i1.id, { name: 'anna smith', age: '30', born: '1890|03|', parish: 'North', alive: true });
  await submit(ada, i2.id, { name: 'Carl', age: '41', parish: 'South' });
  await submit(bob, i2.id, { name: 'Carl', age: '14', parish: 'South' });
  await submit(cyd, i2.id, { name: 'Karl', age: '41', parish: 'South' });
  await submit(ada, i3.id, { name: 'Dora' });
  return { owner, form, images, ada, bob, cyd };
}

const insights = (who: Person, form: Form, path: string) => who.client.get(`/api/forms/${form.id}/insights/${path}`);
const DAY_MS = 86_400_000;
const daysUntil = (flow: ThroughputResponse) =>
  (Date.parse(flow.projectedCompletion ?? '') - Date.parse(flow.days.at(-1)?.day ?? '')) / DAY_MS;

describe('the Insights figures on a known data set', () => {
  it('agreement per contributor, field difficulty, throughput and heatmap match hand-computed values', async () => {
    const { owner, form, ada, bob, cyd } = await knownDataSet();

    const { contributors } = (await insights(owner, form, 'agreement')).body as AgreementResponse;
    // Ada: image 1 age, born, parish, alive (4/4) + image 2 all five (5/5). Bob: 4/4 + 4/5 (age 14).
    // Cyd: 4/5 (name Karl). Image 1's name and image 3 are not verified, so they count for no one.
    expect(contributors.map((c) => [c.user.id, c.matches, c.entries])).toEqual([
      [ada.user.id, 9, 9],
      [bob.user.id, 8, 9],
      [cyd.user.id, 4, 5],
    ]);
    const bobs = contributors[1];
    expect(bobs?.score).toBeCloseTo(8 / 9, 6);
    // Wilson 95 %: 8 of 9 → (0.565, 0.980); 9 of 9 → (0.701, 1).
    expect(bobs?.interval.low).toBeCloseTo(0.565, 3);
    expect(bobs?.interval.high).toBeCloseTo(0.98, 3);
    expect(contributors[0]?.interval.low).toBeCloseTo(0.701, 3);
    expect(bobs?.byFieldType.find((t) => t.fieldType === 'number')).toMatchObject({ entries: 2, matches: 1 });
    expect(bobs?.byFieldType.find((t) => t.fieldType === 'text')).toMatchObject({ entries: 1, matches: 1 });
    expect(contributors[2]?.byFieldType.find((t) => t.fieldType === 'text')).toMatchObject({ entries: 1, matches: 0 });

    const bobsDisagreements = (await insights(owner, form, `contributors/${bob.user.id}/disagreements`))
      .body as ContributorDisagreementsResponse;
    expect(bobsDisagreements).toMatchObject({
      nextCursor: null,
      computing: false,
      disagreements: [{ imageNumber: 2, fieldId: 'age', fieldLabel: 'Age', entered: '14', verified: '41' }],
    });
    const cydsDisagreements = (await insights(owner, form, `contributors/${cyd.user.id}/disagreements`))
      .body as ContributorDisagreementsResponse;
    expect(cydsDisagreements.disagreements).toMatchObject([{ fieldId: 'name', entered: 'Karl', verified: 'Carl' }]);

    const { fields } = (await insights(owner, form, 'field-difficulty')).body as FieldDifficultyResponse;
    const byId = Object.fromEntries(fields.map((f) => [f.fieldId, f]));
    // name: both images disagree; of two written differently, image 1 only in case.
    expect(byId.name).toMatchObject({ comparedImages: 2, disagreeingImages: 2, disagreementShare: 1 });
    expect(byId.name).toMatchObject({ variantImages: 2, formatOnlyImages: 1, formatOnlyShare: 0.5 });
    expect(byId.age).toMatchObject({ disagreementShare: 0.5, variantImages: 1, formatOnlyShare: 0 });
    // born: never a disagreement, but written differently once, only in date format.
    expect(byId.born).toMatchObject({ disagreementShare: 0, variantImages: 1, formatOnlyShare: 1 });
    expect(byId.parish).toMatchObject({ disagreementShare: 0, variantImages: 0, formatOnlyShare: null });
    expect(fields.map((f) => f.fieldId)).toEqual(['name', 'age', 'born', 'parish', 'alive']);

    const flow = (await insights(owner, form, 'throughput?days=30')).body as ThroughputResponse;
    expect(flow.days).toHaveLength(30);
    expect(flow.days.at(-1)).toMatchObject({ submissions: 6, completedImages: 1, activeContributors: 3 });
    expect(flow.remainingImages).toBe(3);
    // Everything happened today: one image a day over one day, not 1/14 over the whole window.
    expect(flow).toMatchObject({ recentDailyRate: 1, rateDays: 1 });
    expect(daysUntil(flow)).toBe(3); // 3 images left at 1 a day

    const heat = (await insights(owner, form, 'heatmap')).body as HeatmapResponse;
    expect(heat.imageCount).toBe(4);
    expect(heatBytes(heat)).toEqual(['disputed', 'verified', 'inProgress', 'none']);
  });

  it('the completion rate is taken over the days since the first activity of the last 14, and says how many', async () => {
    const { owner, form } = await knownDataSet();
    const today = Date.parse(new Date().toISOString().slice(0, 10));
    const dayBefore = (days: number) => new Date(today - days * DAY_MS).toISOString().slice(0, 10);
    // Entries four days ago (nothing completed then) and twenty days ago, outside the 14 days.
    await server.knex('form_daily_activity').insert([
      { form_id: form.id, day: dayBefore(4), submissions: 2 },
      { form_id: form.id, day: dayBefore(20), submissions: 5, completed_images: 4 },
    ]);
    const flow = (await insights(owner, form, 'throughput?days=30')).body as ThroughputResponse;
    // One image completed over five days (four days ago to today).
    expect(flow).toMatchObject({ rateDays: 5, remainingImages: 3 });
    expect(flow.recentDailyRate).toBeCloseTo(1 / 5, 6);
    expect(daysUntil(flow)).toBe(15);

    const { owner: quietOwner, form: quiet } = await censusForm(server, { threshold: 2, images: 2 });
    await professional(quietOwner);
    const still = (await insights(quietOwner, quiet, 'throughput')).body as ThroughputResponse;
    expect(still).toMatchObject({ recentDailyRate: 0, rateDays: 0, projectedCompletion: null, remainingImages: 2 });
  });

  it('an image deleted, or a repair recount, leaves the sums as the remaining images say', async () => {
    const { owner, form, images, ada, bob, cyd } = await knownDataSet();
    const before = (await insights(owner, form, 'agreement')).body as AgreementResponse;
    // A repair recount from the entries gives the sums the changes kept.
    await server.knex('contributor_agreement').where({ form_id: form.id }).update({ match_count: 0 });
    await recountFormInsights(server.knex, form.id);
    expect((await insights(owner, form, 'agreement')).body).toEqual(before);

    expect((await owner.client.delete(`/api/images/${images[1]?.id}`)).status).toBe(204);
    const { contributors } = (await insights(owner, form, 'agreement')).body as AgreementResponse;
    expect(contributors.map((c) => [c.user.id, c.matches, c.entries])).toEqual([
      [ada.user.id, 4, 4],
      [bob.user.id, 4, 4],
    ]);
    expect(contributors.some((c) => c.user.id === cyd.user.id)).toBe(false);
    const { fields } = (await insights(owner, form, 'field-difficulty')).body as FieldDifficultyResponse;
    expect(fields.find((f) => f.fieldId === 'age')).toMatchObject({ comparedImages: 1, disagreeingImages: 0 });
  });
});

describe('a contributor’s disagreements', () => {
  it('come in keyset pages, newest submission first, each listed once, and follow the verified values', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 3 });
    await professional(owner);
    const [ada, bob, cyd] = [await person(server, form), await person(server, form), await person(server, form)];
    const agreed = { name: 'Ida', age: '20', born: '', parish: 'North', alive: false };
    for (const image of images) {
      for (const [who, data] of [
        [ada, agreed],
        [bob, agreed],
        [cyd, { ...agreed, name: 'Ada', age: '21' }],
      ] as const) {
        expect((await who.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data })).status).toBe(
          201,
        );
      }
    }
    const page = async (who: Person, query: string) =>
      (await insights(owner, form, `contributors/${who.user.id}/disagreements?${query}`))
        .body as ContributorDisagreementsResponse;

    const first = await page(cyd, 'limit=4');
    expect(first.disagreements).toHaveLength(4);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(cyd, `limit=4&cursor=${encodeURIComponent(first.nextCursor ?? '')}`);
    expect(second).toMatchObject({ nextCursor: null, computing: false });
    const listed = [...first.disagreements, ...second.disagreements];
    // Two fields on each of the three images, newest image (submission) first.
    expect(listed.map((d) => [d.imageNumber, d.fieldId, d.entered, d.verified])).toEqual([
      [3, 'name', 'Ada', 'Ida'],
      [3, 'age', '21', '20'],
      [2, 'name', 'Ada', 'Ida'],
      [2, 'age', '21', '20'],
      [1, 'name', 'Ada', 'Ida'],
      [1, 'age', '21', '20'],
    ]);
    expect(await page(ada, '')).toEqual({ disagreements: [], nextCursor: null, computing: false });
    const refused = await insights(owner, form, `contributors/${cyd.user.id}/disagreements?cursor=abc`);
    expect(refused.status).toBe(400);

    // Blocking Ada and Bob with their entries dropped leaves Cyd's values alone on each image, so
    // nothing of hers is verified against and her disagreements go with the verified values.
    for (const who of [ada, bob]) {
      const res = await owner.client.post(`/api/forms/${form.id}/users/${who.user.id}/block`, { dropEntries: true });
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    }
    // The form's recompute runs as a job.
    let left = (await page(cyd, '')).disagreements;
    for (let tries = 0; left.length > 0 && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      left = (await page(cyd, '')).disagreements;
    }
    expect(left).toEqual([]);
  });
});

describe('a form with entries from before Insights', () => {
  it('the first read queues one recount and says "computing" until the figures are filled', async () => {
    const { owner, form, bob } = await knownDataSet();
    const expected = (await insights(owner, form, 'agreement')).body as AgreementResponse;
    // What a form from before Insights looks like: entries, but no per-image figures or sums.
    await server.knex('image_insights').where({ form_id: form.id }).delete();
    await server.knex('contributor_disagreements').where({ form_id: form.id }).delete();
    await server.knex('contributor_agreement').where({ form_id: form.id }).delete();
    await server.knex('field_difficulty').where({ form_id: form.id }).delete();
    await server.knex('form_insights_pending').insert({ form_id: form.id });
    const queuedRecounts = async () =>
      (
        await server.knex.raw(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'recount-form-insights' AND data->>'formId' = ?`,
          [String(form.id)],
        )
      ).rows[0].n as number;
    const before = await queuedRecounts();

    // Reads at once: each says the figures are being computed, and only one recount is queued.
    const reads = await Promise.all([
      insights(owner, form, 'agreement'),
      insights(owner, form, 'field-difficulty'),
      insights(owner, form, `contributors/${bob.user.id}/disagreements`),
    ]);
    for (const read of reads) expect(read.body).toMatchObject({ computing: true });
    expect(await queuedRecounts()).toBe(before + 1);

    let agreement = reads[0]?.body as AgreementResponse;
    for (let tries = 0; agreement.computing && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      agreement = (await insights(owner, form, 'agreement')).body as AgreementResponse;
    }
    expect(agreement).toEqual(expected);
    const bobs = (await insights(owner, form, `contributors/${bob.user.id}/disagreements`))
      .body as ContributorDisagreementsResponse;
    expect(bobs).toMatchObject({ computing: false, disagreements: [{ imageNumber: 2, fieldId: 'age' }] });
    const { fields } = (await insights(owner, form, 'field-difficulty')).body as FieldDifficultyResponse;
    expect(fields.find((f) => f.fieldId === 'name')).toMatchObject({ comparedImages: 2, disagreeingImages: 2 });
  });
});

describe('who may see Insights', () => {
  it('Professional owners and the administrator; other owners get 402, contributors 403, strangers 404', async () => {
    const { owner, form } = await censusForm(server, { images: 1 });
    const contributor = await person(server, form);
    const stranger = await person(server);
    const paths = [
      'agreement',
      'field-difficulty',
      'throughput',
      'heatmap',
      `contributors/${contributor.user.id}/disagreements`,
    ];
    for (const path of paths) {
      const refused = await insights(owner, form, path);
      expect(refused.status, JSON.stringify(refused.body)).toBe(402);
      expect(refused.body).toMatchObject({ upgrade: true });
      expect((await insights(contributor, form, path)).status, path).toBe(403);
      expect((await insights(stranger, form, path)).status, path).toBe(404);
      expect((await server.client().get(`/api/forms/${form.id}/insights/${path}`)).status, path).toBe(401);
    }
    await professional(owner);
    await professional(contributor);
    const adminPerson = await signedInAdmin(server);
    for (const path of paths) {
      expect((await insights(owner, form, path)).status, path).toBe(200);
      expect((await insights(adminPerson, form, path)).status, path).toBe(200);
      // A Professional contributor is still not a manager of someone else's form.
      expect((await insights(contributor, form, path)).status, path).toBe(403);
    }
  });
});

describe('the live heatmap', () => {
  it('a submission reaches the watching owner in form:images-progress, whose state is the heatmap’s new cell', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 3 });
    await professional(owner);
    const [ada, bob] = [await person(server, form), await person(server, form)];
    const socket = await connect(server.url, owner.client);
    sockets.push(socket);
    expect(await watchForm(socket, form.id)).toMatchObject({ ok: true });
    const target = images[2];
    if (!target) throw new Error('images');
    const data = { name: 'Eve', age: '7', born: '', parish: 'North', alive: false };

    for (const [who, expected] of [
      [ada, 'inProgress'],
      [bob, 'verified'],
    ] as const) {
      const event = nextOwnerImage(socket, (image) => image.id === target.id);
      expect((await who.client.post(`/api/forms/${form.id}/submissions`, { imageId: target.id, data })).status).toBe(
        201,
      );
      const { image } = await event;
      const state = heatStateOf(image, form.requiredEntriesPerImage);
      expect(HEAT_STATES[state]).toBe(expected);
      const heat = (await insights(owner, form, 'heatmap')).body as HeatmapResponse;
      expect(heatBytes(heat)[image.number - 1]).toBe(expected);
      expect(heatBytes(heat)).toEqual(['none', 'none', expected]);
    }
  });
});
