import type { FormDashboardResponse } from '@formscribe/common/schemas/formDashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const full = { name: 'Anna', age: '30', born: '1890|3|', parish: 'North', alive: true };

/** Threshold 2, 4 images: two people agree on image 1, one of them enters image 2, one more has access only. */
async function formWithEntries() {
  const { owner, form, images } = await censusForm(server, { threshold: 2, images: 4 });
  const [i1, i2] = images;
  if (!i1 || !i2) throw new Error('images');
  const ada = await person(server, form);
  const bob = await person(server, form);
  await person(server, form);
  for (const p of [ada, bob]) await p.client.post(`/api/forms/${form.id}/submissions`, { imageId: i1.id, data: full });
  await ada.client.post(`/api/forms/${form.id}/submissions`, { imageId: i2.id, data: { name: 'X' } });
  return { owner, form, ada };
}

describe('GET /api/forms/{id}/dashboard', () => {
  it('gives the owner the figures, user count and top contributors the separate reads give', async () => {
    const { owner, form, ada } = await formWithEntries();
    const base = `/api/forms/${form.id}`;

    const answer = await owner.client.get<FormDashboardResponse>(`${base}/dashboard?limit=5`);

    expect(answer.status).toBe(200);
    expect(answer.body.verificationStats).toEqual((await owner.client.get(`${base}/verification-stats`)).body);
    expect(answer.body.userCount).toEqual((await owner.client.get(`${base}/user-count`)).body);
    expect(answer.body.leaderboard).toEqual((await owner.client.get(`${base}/leaderboard?limit=5`)).body);
    expect(answer.body.verificationStats).toMatchObject({ totalImages: 4, completedImages: 1 });
    expect(answer.body.userCount).toEqual({ userCount: 3 });
    expect(answer.body.leaderboard.leaderboard[0]).toMatchObject({ user: { id: ada.user.id }, submissionCount: 2 });
  });

  it('cuts the top contributors to the limit asked for, five when none is', async () => {
    const { owner, form } = await formWithEntries();
    const one = await owner.client.get<FormDashboardResponse>(`/api/forms/${form.id}/dashboard?limit=1`);
    expect(one.body.leaderboard.leaderboard).toHaveLength(1);
    const unnamed = await owner.client.get<FormDashboardResponse>(`/api/forms/${form.id}/dashboard`);
    expect(unnamed.body.leaderboard.leaderboard).toHaveLength(2);
    expect((await owner.client.get(`/api/forms/${form.id}/dashboard?limit=0`)).status).toBe(400);
  });

  it('is refused like the reads it gathers: contributors 403, strangers 404, signed out 401', async () => {
    const { form, ada } = await formWithEntries();
    const stranger = await person(server);
    const path = `/api/forms/${form.id}/dashboard`;
    expect((await ada.client.get(path)).status).toBe(403);
    expect((await ada.client.get(`${path}?limit=0`)).status).toBe(403);
    expect((await stranger.client.get(path)).status).toBe(404);
    expect((await server.client().get(path)).status).toBe(401);
  });
});
