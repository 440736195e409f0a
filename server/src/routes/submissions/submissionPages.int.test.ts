import type { SubmissionResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { User } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

interface Page {
  submissions: SubmissionResponse[];
  total: number;
  page: number;
  totalPages: number;
}

describe('GET /api/forms/{id}/submissions', () => {
  it('pages (10 by default), sorts and searches a form’s submissions; managers only', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 5, images: 12 });
    const zoe = await person(server, form);
    await User.query()
      .findById(zoe.user.id)
      .patch({ username: `zoe-${zoe.user.id}@example.org` });
    const adam = await person(server, form);
    await User.query()
      .findById(adam.user.id)
      .patch({ username: `adam-${adam.user.id}@example.org` });
    for (const image of images) {
      await zoe.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'Z' } });
    }
    await adam.client.post(`/api/forms/${form.id}/submissions`, { imageId: images[0]?.id, data: { name: 'A' } });

    const path = `/api/forms/${form.id}/submissions`;
    const first = await owner.client.get<Page>(path);
    expect(first.body).toMatchObject({ total: 13, page: 1, totalPages: 2 });
    expect(first.body.submissions).toHaveLength(10);
    expect(first.body.submissions[0]?.user?.id).toBe(adam.user.id);
    const second = await owner.client.get<Page>(`${path}?page=2`);
    expect(second.body.submissions).toHaveLength(3);

    const oldest = await owner.client.get<Page>(`${path}?sort=oldest&limit=1`);
    expect(oldest.body.submissions[0]?.image?.originalName).toBe('page-1.jpg');
    const byUser = await owner.client.get<Page>(`${path}?sort=username&limit=1`);
    expect(byUser.body.submissions[0]?.user?.id).toBe(adam.user.id);
    const byImage = await owner.client.get<Page>(`${path}?sort=image&limit=2`);
    expect(byImage.body.submissions.map((s) => s.image?.originalName)).toEqual(['page-1.jpg', 'page-1.jpg']);

    expect((await owner.client.get<Page>(`${path}?search=ADAM`)).body.total).toBe(1);
    expect((await owner.client.get<Page>(`${path}?search=page-12`)).body.total).toBe(1);
    expect((await owner.client.get<Page>(`${path}?search=%25`)).body.total).toBe(0);

    expect((await zoe.client.get(path)).status).toBe(403);
    expect((await (await person(server)).client.get(path)).status).toBe(404);
    expect((await owner.client.get(`${path}?sort=random`)).status).toBe(400);
  });
});
