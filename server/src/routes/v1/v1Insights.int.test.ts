/** The Insights figures through /api/v1 with a token: the same answers the owner's browser gets. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImages, CENSUS_FIELDS, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, tokenClient } from '../../test/v1Fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('/api/v1 Insights twins', () => {
  it('agreement, field difficulty, throughput and heatmap answer a token as the browser routes answer the owner', async () => {
    const owner = await professionalOwner(server);
    const form = await createForm(owner.user, { fields: CENSUS_FIELDS, requiredEntriesPerImage: 2 });
    const [image] = await addImages(form, 2);
    if (!image) throw new Error('images');
    for (const name of ['Anna', 'Anne']) {
      const contributor = await person(server, form);
      const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
        imageId: image.id,
        data: { name, age: '3' },
      });
      expect(res.status).toBe(201);
    }
    const api = tokenClient(server, await createToken(owner, 'read'));
    for (const figure of ['agreement', 'field-difficulty', 'throughput', 'heatmap']) {
      const viaToken = await api.get(`/api/v1/forms/${form.id}/insights/${figure}`);
      expect(viaToken.status, figure).toBe(200);
      expect(viaToken.body, figure).toEqual((await owner.client.get(`/api/forms/${form.id}/insights/${figure}`)).body);
    }
    const agreement = await api.get<{ contributors: { entries: number }[] }>(
      `/api/v1/forms/${form.id}/insights/agreement`,
    );
    expect(agreement.body.contributors.map((c) => c.entries)).toEqual([4, 4]); // age, born, parish, alive agreed
  });
});
