import { ALREADY_VOTED, type ContributorResponse, type VoteResponse } from '@formscribe/common/schemas/submission';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormImage, FormUserBlock } from '../../models/index.ts';
import { censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe.each(['no-data', 'unreadable'] as const)('vote-%s', (kind) => {
  it('one vote per person; the image completes when votes reach the threshold', async () => {
    const { form, images } = await censusForm(server, { threshold: 2 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const a = await person(server, form);
    const b = await person(server, form);
    const vote = (client: typeof a.client) => client.post<VoteResponse>(`/api/images/${image.id}/vote-${kind}`);
    const status = (client: typeof a.client) => client.get(`/api/images/${image.id}/vote-${kind}-status`);

    expect((await status(a.client)).body).toEqual({ hasVoted: false, voteCount: 0 });
    expect((await vote(a.client)).body).toEqual({ imageCompleted: false, voteCount: 1 });
    expect((await status(a.client)).body).toEqual({ hasVoted: true, voteCount: 1 });
    expect((await status(b.client)).body).toEqual({ hasVoted: false, voteCount: 1 });
    const again = await vote(a.client);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ALREADY_VOTED });

    expect((await vote(b.client)).body).toEqual({ imageCompleted: true, voteCount: 2 });
    expect((await FormImage.query().findById(image.id))?.isComplete).toBe(true);
  });

  it('refuses outsiders (404), the signed out (401) and blocked users (403)', async () => {
    const { owner, form, images } = await censusForm(server);
    const image = images[0];
    const stranger = await person(server);
    const blocked = await person(server, form);
    await FormUserBlock.query().insert({ formId: form.id, userId: blocked.user.id, blockedById: owner.user.id });
    expect((await stranger.client.post(`/api/images/${image?.id}/vote-${kind}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/images/${image?.id}/vote-${kind}-status`)).status).toBe(404);
    expect((await server.client().post(`/api/images/${image?.id}/vote-${kind}`)).status).toBe(401);
    expect((await blocked.client.post(`/api/images/${image?.id}/vote-${kind}`)).status).toBe(403);
    expect((await FormImage.query().findById(image?.id ?? 0))?.isComplete).toBe(false);
  });
});

describe('GET /api/images/{id}/contributors', () => {
  it('lists who entered the image, oldest first; managers see e-mails, contributors see names', async () => {
    const { owner, form, images } = await censusForm(server, { threshold: 3 });
    const image = images[0];
    if (!image) throw new Error('no image');
    const a = await person(server, form);
    const b = await person(server, form);
    for (const p of [a, b]) {
      await p.client.post(`/api/forms/${form.id}/submissions`, { imageId: image.id, data: { name: 'X' } });
    }
    const asOwner = await owner.client.get<ContributorResponse[]>(`/api/images/${image.id}/contributors`);
    expect(asOwner.body.map((c) => c.submittedBy)).toEqual([a.user.username, b.user.username]);
    const asContributor = await a.client.get<ContributorResponse[]>(`/api/images/${image.id}/contributors`);
    expect(asContributor.body.map((c) => c.submittedBy)).toEqual(['Test User', 'Test User']);
    expect(asContributor.body.every((c) => !c.submittedBy.includes('@'))).toBe(true);
    expect((await (await person(server)).client.get(`/api/images/${image.id}/contributors`)).status).toBe(404);
  });
});
