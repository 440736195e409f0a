/**
 * Property: whatever concurrent traffic a form gets through HTTP (submissions, votes, marks and
 * unmarks, deleted submissions, image uploads and deletes, a threshold change and its recompute),
 * the counters on its row equal a full recount over its images, and the verification stats
 * clients read equal what the former aggregate over all images computed; and the Insights sums
 * kept by delta (agreement, field difficulty, disagreements) equal the repair recount's.
 */
import { dataFields } from '@formscribe/common/fields';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import { censusForm, type Person, person } from '../../test/entryFixtures.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { uploadImage } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { waitUntil } from '../../test/webhookReceiver.ts';
import { recountFormInsights } from '../insights/insightsRecount.ts';
import { recountFormFigures } from './formRecountJob.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const VALUES = [
  { name: 'Anna Smith', age: '30', born: '1890|3|', parish: 'North', alive: true },
  { name: 'Anna  smith', age: '30.0', born: '1890|3|', parish: 'South', alive: true },
  { name: 'Bert', age: '41', born: '', parish: 'North', alive: false },
];

/** A small seeded generator, so a failure can be replayed with the seed it prints. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

interface Aggregate {
  totalImages: number;
  completedImages: number;
  verifiedFields: number;
  verifiedFieldsOfComplete: number;
}

/** The former full aggregate over the form's images. */
async function fullAggregate(formId: number): Promise<Aggregate> {
  const { rows } = await server.knex.raw(
    `SELECT count(*)::int AS "totalImages",
            (count(*) FILTER (WHERE is_complete))::int AS "completedImages",
            coalesce(sum(verified_field_count), 0)::int AS "verifiedFields",
            coalesce(sum(verified_field_count) FILTER (WHERE is_complete), 0)::int AS "verifiedFieldsOfComplete"
     FROM form_images WHERE form_id = ?`,
    [formId],
  );
  return (rows as Aggregate[])[0] as Aggregate;
}

/** The stats as the former full aggregate over the form's images computed them. */
async function statsByFullAggregate(formId: number): Promise<VerificationStats> {
  const row = await fullAggregate(formId);
  const form = await Form.query().findById(formId);
  const fieldCount = dataFields(form?.fields ?? []).length;
  const needed = row.totalImages * fieldCount;
  const completed = Math.min(
    needed,
    row.verifiedFields - row.verifiedFieldsOfComplete + row.completedImages * fieldCount,
  );
  return {
    totalImages: row.totalImages,
    completedImages: row.completedImages,
    remainingImages: row.totalImages - row.completedImages,
    completionPercentage: row.totalImages ? Math.round((row.completedImages / row.totalImages) * 100) : 0,
    totalFieldVerificationsNeeded: needed,
    completedFieldVerifications: completed,
    remainingFieldVerifications: needed - completed,
  };
}

const counters = ({ imageCount, completedImageCount, incompleteVerifiedFieldCount }: Form) => ({
  imageCount,
  completedImageCount,
  incompleteVerifiedFieldCount,
});

/** The form's Insights rows kept by delta, in a stable order. */
async function insightsSums(formId: number) {
  const [agreement, difficulty, disagreements] = await Promise.all([
    server.knex('contributor_agreement').where({ form_id: formId }).orderBy(['user_id', 'field_type']),
    // Slots are how the sums are stored, not what they say: compare each field's total.
    server
      .knex('field_difficulty')
      .where({ form_id: formId })
      .groupBy('field_id')
      .orderBy('field_id')
      .select('field_id')
      .select(
        server.knex.raw(`sum(compared_images)::int AS compared_images, sum(disagreeing_images)::int AS disagreeing_images,
          sum(variant_images)::int AS variant_images, sum(format_only_images)::int AS format_only_images`),
      ),
    server.knex('contributor_disagreements').where({ form_id: formId }).orderBy(['image_id', 'user_id', 'field_id']),
  ]);
  // A sum that fell back to zero and a row never written say the same.
  const nonZero = (row: Record<string, unknown>) =>
    Object.entries(row).some(([key, value]) =>
      key.endsWith('_count') || key.endsWith('_images') ? value !== 0 : false,
    );
  return { agreement: agreement.filter(nonZero), difficulty: difficulty.filter(nonZero), disagreements };
}

async function recomputeQueued(formId: number): Promise<boolean> {
  const { rows } = await server.knex.raw(
    `SELECT count(*)::int AS n FROM pgboss.job
     WHERE name = 'recompute-form' AND state IN ('created', 'retry', 'active') AND data->>'formId' = ?`,
    [String(formId)],
  );
  return ((rows as { n: number }[])[0]?.n ?? 0) > 0;
}

describe('the form’s counters under concurrent traffic', () => {
  it('equal a full recount after every wave, whatever the interleaving', async () => {
    const seed = Number(process.env.COUNTERS_SEED ?? Date.now() % 100_000);
    const rng = random(seed);
    const { owner, form, images } = await censusForm(server, { threshold: 2, images: 12 });
    const people: Person[] = [owner, ...(await Promise.all(Array.from({ length: 4 }, () => person(server, form))))];
    const imageIds = images.map((image) => image.id);
    const submissionIds: number[] = [];
    const jpeg = await makeJpeg({ width: 64, height: 48 });

    const operations: Array<() => Promise<unknown>> = [
      async () => {
        const sent = await rng.pick(people).client.post<{ id: number }>(`/api/forms/${form.id}/submissions`, {
          imageId: rng.pick(imageIds),
          data: rng.pick(VALUES),
        });
        if (sent.status === 201) submissionIds.push(sent.body.id);
      },
      () =>
        rng.pick(people).client.post(`/api/images/${rng.pick(imageIds)}/vote-${rng.pick(['no-data', 'unreadable'])}`),
      () => owner.client.post(`/api/images/${rng.pick(imageIds)}/${rng.pick(['complete', 'uncomplete'])}`),
      async () => {
        const id = submissionIds.splice(Math.floor(rng.next() * submissionIds.length), 1)[0];
        if (id !== undefined) await owner.client.delete(`/api/submissions/${id}`);
      },
      async () => {
        const uploaded = await uploadImage(owner.client, form.id, jpeg);
        if (uploaded.status === 201) imageIds.push(uploaded.body.id);
      },
      () => owner.client.delete(`/api/images/${rng.pick(imageIds)}`),
    ];
    // Submissions are the common case; the rest are mixed in.
    const weights = [6, 2, 2, 2, 1, 1];
    const weighted = operations.flatMap((operation, i) => Array.from({ length: weights[i] ?? 1 }, () => operation));
    const wave = (size: number, extra: Array<() => Promise<unknown>> = []) =>
      Promise.all([...Array.from({ length: size }, () => rng.pick(weighted)()), ...extra.map((run) => run())]);

    const expectCountersExact = async (when: string) => {
      const row = await Form.query().findById(form.id);
      const counted = await fullAggregate(form.id);
      expect({ when, seed, counters: row && counters(row) }).toEqual({
        when,
        seed,
        counters: {
          imageCount: counted.totalImages,
          completedImageCount: counted.completedImages,
          incompleteVerifiedFieldCount: counted.verifiedFields - counted.verifiedFieldsOfComplete,
        },
      });
      const served = (await owner.client.get<VerificationStats>(`/api/forms/${form.id}/verification-stats`)).body;
      expect({ when, seed, served }).toEqual({ when, seed, served: await statsByFullAggregate(form.id) });
      const kept = await insightsSums(form.id);
      await recountFormInsights(server.knex, form.id);
      expect({ when, seed, insights: kept }).toEqual({ when, seed, insights: await insightsSums(form.id) });
    };

    await wave(40);
    await expectCountersExact('after the first wave');

    await wave(40, [() => owner.client.patch(`/api/forms/${form.id}`, { requiredEntriesPerImage: 1 })]);
    await waitUntil(async () => !(await recomputeQueued(form.id)), 30_000, 'the recompute job');
    await expectCountersExact('after the threshold change and its recompute');

    await wave(40);
    await expectCountersExact('after the last wave');
  });

  it('the repair job puts counters right that were changed behind the services’ back', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 1, images: 3 });
    await owner.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: VALUES[0] });
    const before = await statsByFullAggregate(form.id);
    await Form.query().findById(form.id).patch({ imageCount: 99, completedImageCount: 7 });

    await recountFormFigures(server.deps, form.id);

    const served = (await owner.client.get<VerificationStats>(`/api/forms/${form.id}/verification-stats`)).body;
    expect(served).toEqual(before);
    expect(served).toMatchObject({ totalImages: 3, completedImages: 1 });
  });
});
