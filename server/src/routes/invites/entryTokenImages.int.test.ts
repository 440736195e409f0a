/**
 * GET /api/entry/{token} as the spec writes it ("returns form, images, invite"): a signed-in caller
 * who may enter the form gets its images; a visitor, or someone who has not joined, only counts.
 */
import type { InviteLandingResponse, InviteResponse } from '@formscribe/common/schemas/invite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImages, censusForm, person } from '../../test/entryFixtures.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /api/entry/{token}', () => {
  it('includes the images for a signed-in caller with access, and only the counts for everyone else', async () => {
    const { owner, form, images } = await censusForm(server, { images: 2 });
    const invite = (await owner.client.post<InviteResponse>(`/api/forms/${form.id}/invites`, {})).body;
    const path = `/api/entry/${invite.token}`;

    const contributor = await person(server, form);
    const withAccess = await contributor.client.get<InviteLandingResponse>(path);
    expect(withAccess.body).toMatchObject({ hasAccess: true, imageCount: 2 });
    expect(withAccess.body.images?.map((image) => [image.id, image.number, image.originalName])).toEqual([
      [images[0]?.id, 1, 'page-1.jpg'],
      [images[1]?.id, 2, 'page-2.jpg'],
    ]);
    expect((await owner.client.get<InviteLandingResponse>(path)).body.images).toHaveLength(2);

    const visitor = await server.client().get<InviteLandingResponse>(path);
    const notJoined = await (await person(server)).client.get<InviteLandingResponse>(path);
    for (const landing of [visitor, notJoined]) {
      expect(landing.status).toBe(200);
      expect(landing.body).toMatchObject({ hasAccess: false, imageCount: 2, completedImages: 0 });
      expect(landing.body).not.toHaveProperty('images');
    }
  });

  it('gives the newcomer the images in the answer to joining', async () => {
    const { owner, form } = await censusForm(server, { images: 1 });
    await addImages(form, 1);
    const invite = (await owner.client.post<InviteResponse>(`/api/forms/${form.id}/invites`, {})).body;
    const newcomer = await person(server);
    const joined = await newcomer.client.post<InviteLandingResponse>(`/api/entry/${invite.token}`);
    expect(joined.body).toMatchObject({ hasAccess: true, imageCount: 2 });
    expect(joined.body.images).toHaveLength(2);
  });
});
