/**
 * A form's language (issue 29): the entry page's language for contributors who chose none. Every
 * form answer carries it (null until set); its managers set it with PATCH like any setting, and
 * nobody else can; only the five languages are taken.
 */
import type { FormListItem, FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form } from '../../models/index.ts';
import { createForm, createUser, grantAccess, signIn } from '../../test/factories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function signedIn() {
  const user = await createUser();
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

describe('a form’s language', () => {
  it('is null until the owner sets it, then every form answer carries it', async () => {
    const { user: owner, client } = await signedIn();
    const form = await createForm(owner, { name: 'Registers' });
    const path = `/api/forms/${form.id}`;
    expect((await client.get<FormResponse>(path)).body.language).toBeNull();

    const saved = await client.patch<FormResponse>(path, { language: 'es' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ language: 'es', name: 'Registers' });
    expect((await client.get<FormResponse>(path)).body.language).toBe('es');
    const listed = (await client.get<FormListItem[]>('/api/forms')).body.find((item) => item.id === form.id);
    expect(listed?.language).toBe('es');

    const { user: contributor, client: contributorClient } = await signedIn();
    await grantAccess(contributor, form);
    expect((await contributorClient.get<FormResponse>(path)).body.language).toBe('es');

    expect((await client.patch<FormResponse>(path, { language: null })).body.language).toBeNull();
  });

  it('a language that is not one of ours is a 400 and changes nothing', async () => {
    const { user: owner, client } = await signedIn();
    const form = await createForm(owner);
    await client.patch(`/api/forms/${form.id}`, { language: 'ar' });
    for (const language of ['de', 'english', 'FR']) {
      expect((await client.patch(`/api/forms/${form.id}`, { language })).status).toBe(400);
    }
    expect((await Form.query().findById(form.id))?.language).toBe('ar');
  });

  it('a contributor or a stranger cannot set it', async () => {
    const { user: owner } = await signedIn();
    const form = await createForm(owner);
    const { user: contributor, client: contributorClient } = await signedIn();
    await grantAccess(contributor, form);
    const { client: strangerClient } = await signedIn();
    expect((await contributorClient.patch(`/api/forms/${form.id}`, { language: 'fr' })).status).toBe(403);
    expect((await strangerClient.patch(`/api/forms/${form.id}`, { language: 'fr' })).status).toBe(404);
    expect((await Form.query().findById(form.id))?.language).toBeNull();
  });
});
