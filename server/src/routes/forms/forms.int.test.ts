import type { FormListItem, FormResponse } from '@formscribe/common/schemas/form';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Form, FormImage, User } from '../../models/index.ts';
import { recountFormCounters } from '../../services/stats/formCounters.ts';
import { createForm, createUser, grantAccess, signIn } from '../../test/factories.ts';
import { startTestServer, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestServer } from '../../test/testServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function signedIn(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  const client = server.client();
  await signIn(client, user);
  return { user, client };
}

async function adminClient() {
  const client = server.client();
  await client.post('/api/login', { username: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
  return client;
}

const textField = (id: string, order: number, label = `Field ${id}`) => ({ id, type: 'text', label, order });

describe('POST /api/forms', () => {
  it('creates a form for a verified user, trimming the name and ignoring server-owned fields', async () => {
    const { user, client } = await signedIn();
    const res = await client.post<FormResponse>('/api/forms', {
      name: '  Parish register 1890  ',
      description: '   ',
      fields: [],
      requiredEntriesPerImage: 1,
      createdById: 999,
      isActive: false,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Parish register 1890',
      description: null,
      createdById: user.id,
      isActive: true,
      dataEntryActive: true,
      isOwner: true,
    });
  });

  it('requires a verified e-mail, with the flag the client reacts to', async () => {
    const { user, client } = await signedIn({ emailVerified: false });
    const res = await client.post('/api/forms', { name: 'Nope' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Email verification required', requiresEmailVerification: true });
    expect(await Form.query().where({ createdById: user.id }).resultSize()).toBe(0);
  });

  it('refuses a blank name, a bad field list and a threshold out of range', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/forms', { name: '   ' })).body).toMatchObject({ message: 'Form name is required' });
    const badFields = await client.post('/api/forms', { name: 'x', fields: [{ id: '1', type: 'rainbow', order: 0 }] });
    expect(badFields.status).toBe(400);
    const nul = await client.post('/api/forms', { name: 'Census\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.body).toMatchObject({ message: 'Text must not contain NUL characters' });
    const threshold = await client.post('/api/forms', { name: 'x', requiredEntriesPerImage: 11 });
    expect(threshold.status).toBe(400);
    expect((await server.client().post('/api/forms', { name: 'x' })).status).toBe(401);
  });

  it('enforces the active form limit, also under 20 parallel creates', async () => {
    const { user, client } = await signedIn();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.post('/api/forms', { name: `Race ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(19);
    expect(refused[0]?.body).toEqual({ message: 'Active form limit reached', upgrade: true, limit: 1, plan: 'free' });
    expect(await Form.query().where({ createdById: user.id }).resultSize()).toBe(1);
  });
});

describe('GET /api/forms', () => {
  it('lists own and shared forms with image progress, not other people’s', async () => {
    const { user, client } = await signedIn();
    const owner = await createUser();
    const own = await createForm(user, { name: 'Mine' });
    const shared = await createForm(owner, { name: 'Theirs' });
    await createForm(owner, { name: 'Private' });
    await grantAccess(user, shared);
    await FormImage.query().insert([
      {
        formId: own.id,
        filename: `a-${own.id}.jpg`,
        originalName: 'a.jpg',
        mimeType: 'image/jpeg',
        size: 1,
        isComplete: true,
      },
      { formId: own.id, filename: `b-${own.id}.jpg`, originalName: 'b.jpg', mimeType: 'image/jpeg', size: 1 },
      { formId: own.id, filename: `c-${own.id}.jpg`, originalName: 'c.jpg', mimeType: 'image/jpeg', size: 1 },
    ]);
    await recountFormCounters(FormImage.knex(), own.id); // rows inserted behind the upload service's back

    const res = await client.get<FormListItem[]>('/api/forms');
    expect(res.status).toBe(200);
    expect(res.body.map((f) => f.name).sort()).toEqual(['Mine', 'Theirs']);
    expect(res.body.find((f) => f.name === 'Mine')).toMatchObject({
      isOwner: true,
      totalImages: 3,
      completedImages: 1,
    });
    expect(res.body.find((f) => f.name === 'Theirs')).toMatchObject({
      isOwner: false,
      canManage: false,
      webhookUrl: null,
    });
  });
});

describe('GET, PATCH, DELETE /api/forms/{id} by role', () => {
  it('owner and admin manage; a contributor may read but not change; others get 404; signed out 401', async () => {
    const owner = await createUser();
    const form = await createForm(owner, { name: 'Roles' });
    const ownerClient = server.client();
    await signIn(ownerClient, owner);
    const { user: contributor, client: contributorClient } = await signedIn();
    await grantAccess(contributor, form);
    const { client: strangerClient } = await signedIn();
    const admin = await adminClient();
    const path = `/api/forms/${form.id}`;

    expect((await ownerClient.get<FormResponse>(path)).body).toMatchObject({ canManage: true, isOwner: true });
    expect((await admin.get<FormResponse>(path)).body).toMatchObject({ canManage: true, isOwner: false });
    expect((await contributorClient.get<FormResponse>(path)).body).toMatchObject({ canManage: false });
    expect((await strangerClient.get(path)).status).toBe(404);
    expect((await server.client().get(path)).status).toBe(401);

    expect((await contributorClient.patch(path, { name: 'Hijack' })).status).toBe(403);
    expect((await strangerClient.patch(path, { name: 'Hijack' })).status).toBe(404);
    expect((await contributorClient.delete(path)).status).toBe(403);
    expect((await strangerClient.delete(path)).status).toBe(404);
    expect((await Form.query().findById(form.id))?.name).toBe('Roles');

    expect((await admin.patch<FormResponse>(path, { name: 'Renamed by admin' })).body.name).toBe('Renamed by admin');
    expect((await admin.delete(path)).status).toBe(204);
    expect(await Form.query().findById(form.id)).toBeUndefined();
  });

  it('answers 404 for a form that does not exist and 400 for a bad id', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/forms/999999')).status).toBe(404);
    expect((await client.get('/api/forms/abc')).status).toBe(400);
    expect((await client.get('/api/forms/99999999999')).status).toBe(400);
    expect((await client.post('/api/forms/deactivate-multiple', { formIds: [99999999999] })).status).toBe(400);
  });
});

describe('PATCH /api/forms/{id}', () => {
  it('autosaves a field list: renumbered by order, validated as a whole', async () => {
    const { user, client } = await signedIn();
    const form = await createForm(user);
    const fields = [
      textField('b', 5, 'Surname'),
      textField('a', 2, 'Given name'),
      { id: 'c', type: 'select', label: 'Parish', order: 9, options: ['North', '  ', 'South'] },
      { id: 'd', type: 'spacer', order: 10 },
    ];
    const res = await client.patch<FormResponse>(`/api/forms/${form.id}`, { fields });
    expect(res.status).toBe(200);
    expect(res.body.fields.map((f) => [f.id, f.order])).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ]);
    expect(res.body.fields[2]?.options).toEqual(['North', 'South']);
    expect(res.body.fields[3]?.spacingPixels).toBe(20);
  });

  it.each([
    [[{ id: 'x', type: 'select', label: 'Empty', order: 0, options: [' '] }]],
    [[textField('dup', 0), textField('dup', 1)]],
    [[{ id: 'n', type: 'newLine', order: 0, lineHeight: 500 }]],
    [[{ id: 'c', type: 'checkbox', label: 'Alive', order: 0, defaultValue: 'maybe' }]],
    [[{ id: 't', type: 'text', label: '', order: 0 }]],
    ['not a list'],
  ])('refuses the bad field list %j and changes nothing', async (fields) => {
    const { user, client } = await signedIn();
    const form = await createForm(user, { fields: [textField('keep', 0)] });
    const res = await client.patch(`/api/forms/${form.id}`, { fields });
    expect(res.status).toBe(400);
    expect((await Form.query().findById(form.id))?.fields).toEqual([textField('keep', 0)]);
  });

  it('saves the settings shape and ignores server-owned keys', async () => {
    const { user, client } = await signedIn();
    const form = await createForm(user);
    const res = await client.patch<FormResponse>(`/api/forms/${form.id}`, {
      name: ' Settings ',
      description: 'About',
      organizationName: 'Archive',
      organizationUrl: 'https://archive.example.org',
      requiredEntriesPerImage: 3,
      webhookUrl: '',
      isActive: true,
      dataEntryActive: false,
      createdById: 1,
    });
    expect(res.body).toMatchObject({
      name: 'Settings',
      organizationUrl: 'https://archive.example.org',
      requiredEntriesPerImage: 3,
      webhookUrl: null,
      dataEntryActive: false,
      createdById: user.id,
    });
    const bad = await client.patch(`/api/forms/${form.id}`, { organizationUrl: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect((await client.patch(`/api/forms/${form.id}`, {})).status).toBe(400);
  });

  it('counts activation against the plan: the badge toggle past the limit is refused', async () => {
    const { user, client } = await signedIn();
    await createForm(user, { name: 'Active one' });
    const inactive = await createForm(user, { name: 'Dormant', isActive: false });
    const res = await client.patch(`/api/forms/${inactive.id}`, { isActive: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Active form limit reached', upgrade: true, limit: 1, plan: 'free' });
    await User.query().findById(user.id).patch({ activeFormLimitOverride: 2 });
    expect((await client.patch<FormResponse>(`/api/forms/${inactive.id}`, { isActive: true })).body.isActive).toBe(
      true,
    );
  });
});

describe('POST /api/forms/deactivate-multiple', () => {
  it('deactivates the caller’s forms and refuses anyone else’s without changing anything', async () => {
    const { user, client } = await signedIn();
    await User.query().findById(user.id).patch({ activeFormLimitOverride: 5 });
    const a = await createForm(user);
    const b = await createForm(user);
    const other = await createForm(await createUser());
    const refused = await client.post('/api/forms/deactivate-multiple', { formIds: [a.id, other.id] });
    expect(refused.status).toBe(403);
    expect((await Form.query().findById(a.id))?.isActive).toBe(true);
    const res = await client.post('/api/forms/deactivate-multiple', { formIds: [a.id, b.id] });
    expect(res.body).toEqual({ deactivated: 2 });
    expect((await Form.query().whereIn('id', [a.id, b.id])).every((f) => !f.isActive)).toBe(true);
    expect((await client.post('/api/forms/deactivate-multiple', { formIds: [] })).status).toBe(400);
  });
});

describe('PATCH keeps what it is not given', () => {
  it('a name-only change leaves description and organisation as they were', async () => {
    const { user, client } = await signedIn();
    const form = await createForm(user);
    await client.patch(`/api/forms/${form.id}`, { description: 'Kept', organizationName: 'Kept Org' });
    const res = await client.patch<FormResponse>(`/api/forms/${form.id}`, { name: 'Only the name' });
    expect(res.body).toMatchObject({ name: 'Only the name', description: 'Kept', organizationName: 'Kept Org' });
    const cleared = await client.patch<FormResponse>(`/api/forms/${form.id}`, { description: '' });
    expect(cleared.body.description).toBeNull();
  });
});
