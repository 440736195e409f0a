import type { ImageResponse } from '@formscribe/common/schemas/form';
import type { FormUser } from '@formscribe/common/schemas/formStats';
import type { VerificationStats } from '@formscribe/common/schemas/stats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const full = { name: 'Anna', age: '30', born: '1890|3|', parish: 'North', alive: true };

/** A known data set: threshold 2, 4 images; two agree on image 1, one entry on image 2, votes complete image 3. */
async function knownDataSet() {
  const { owner, form, images } = await censusForm(server, { threshold: 2, images: 4 });
  const [i1, i2, i3] = images;
  if (!i1 || !i2 || !i3) throw new Error('images');
  const ada = await person(server, form);
  await User.query().findById(ada.user.id).patch({ name: 'Ada' });
  const bob = await person(server, form);
  await User.query()
    .findById(bob.user.id)
    .patch({ name: null, username: `bob-${bob.user.id}@example.org` });
  const idle = await person(server, form);
  for (const p of [ada, bob]) await p.client.post(`/api/forms/${form.id}/submissions`, { imageId: i1.id, data: full });
  await ada.client.post(`/api/forms/${form.id}/submissions`, { imageId: i2.id, data: { name: 'X' } });
  for (const p of [ada, bob]) await p.client.post(`/api/images/${i3.id}/vote-no-data`);
  return { owner, form, images, ada, bob, idle };
}

describe('the owner’s dashboard figures', () => {
  it('verification stats, totals, users, leaderboard and recent lists match the data set', async () => {
    const { owner, form, ada, bob, idle } = await knownDataSet();
    const base = `/api/forms/${form.id}`;

    const stats = (await owner.client.get<VerificationStats>(`${base}/verification-stats`)).body;
    expect(stats).toEqual({
      totalImages: 4,
      completedImages: 2,
      remainingImages: 2,
      completionPercentage: 50,
      totalFieldVerificationsNeeded: 20,
      completedFieldVerifications: 10,
      remainingFieldVerifications: 10,
    });
    expect((await owner.client.get(`${base}/stats`)).body).toEqual({ total: 3 });
    expect((await owner.client.get(`${base}/user-count`)).body).toEqual({ userCount: 3 });

    const board = (
      await owner.client.get<{ leaderboard: { user: { id: number }; submissionCount: number }[] }>(
        `${base}/leaderboard?limit=5`,
      )
    ).body.leaderboard;
    expect(board.map((e) => [e.user.id, e.submissionCount])).toEqual([
      [ada.user.id, 2],
      [bob.user.id, 1],
    ]);

    const users = (await owner.client.get<FormUser[]>(`${base}/users`)).body;
    expect(users).toHaveLength(4);
    expect(users.find((u) => u.isCreator)?.user.id).toBe(owner.user.id);
    expect(users.find((u) => u.user.id === idle.user.id)).toMatchObject({ submissions: 0, isBlocked: false });
    expect(users.find((u) => u.user.id === ada.user.id)?.submissions).toBe(2);

    const recent = (await owner.client.get<{ user: { id: number } }[]>(`${base}/recent-submissions`)).body;
    expect(recent.map((s) => s.user.id)).toEqual([ada.user.id, bob.user.id, ada.user.id]);
    const recentUsers = (await owner.client.get<FormUser[]>(`${base}/recent-users?limit=2`)).body;
    expect(recentUsers).toHaveLength(2);
    expect(recentUsers.some((u) => u.isCreator)).toBe(false);
    const recentImages = (await owner.client.get<ImageResponse[]>(`${base}/recent-images?limit=3`)).body;
    expect(recentImages.map((i) => i.number)).toEqual([4, 3, 2]);

    const admins = (await owner.client.get<{ id: number; name: string }[]>(`${base}/admins`)).body;
    expect(admins.map((a) => a.id)).toContain(owner.user.id);
    expect(admins).toHaveLength(2);

    const completed = (
      await owner.client.get<(ImageResponse & { formName: string })[]>('/api/recently-completed-images')
    ).body;
    expect(completed.map((i) => i.originalName).sort()).toEqual(['page-1.jpg', 'page-3.jpg']);
    expect(completed[0]?.formName).toBe(form.name);
  });

  it('is for managers only: contributors 403, strangers 404, signed out 401', async () => {
    const { form, ada } = await knownDataSet();
    const stranger = await person(server);
    for (const path of [
      'verification-stats',
      'stats',
      'user-count',
      'leaderboard',
      'users',
      'recent-submissions',
      'recent-users',
      'recent-images',
      'admins',
    ]) {
      expect((await ada.client.get(`/api/forms/${form.id}/${path}`)).status).toBe(403);
      expect((await stranger.client.get(`/api/forms/${form.id}/${path}`)).status).toBe(404);
      expect((await server.client().get(`/api/forms/${form.id}/${path}`)).status).toBe(401);
    }
    expect((await ada.client.get('/api/recently-completed-images')).body).toEqual([]);
    expect((await ada.client.get(`/api/forms/${form.id}/leaderboard?limit=0`)).status).toBe(403);
  });
});
