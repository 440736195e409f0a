/**
 * A token never reaches another owner's data, generated over every /api/v1 route (read from the
 * router's stack, so a route added later is walked without anyone listing it): called with a
 * stranger's read-and-write token and the owner's ids, each route answers 404 (may not see) or
 * 403 (may not act), says nothing of the owner's data, and changes nothing. Also over every
 * route: no token is a 401, and a read-only token on a route that writes is a 403.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Form, type FormImage, FormImport } from '../../models/index.ts';
import { addImages, CENSUS_FIELDS, type Person, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { fileForm } from '../../test/imageFactories.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, type TokenClient, tokenClient } from '../../test/v1Fixtures.ts';
import { v1Routes } from './index.ts';

interface Route {
  method: string;
  path: string;
  key: string;
}

const PUBLIC = new Set(['GET /api/v1/openapi.json']);
/** Lists scoped to the token's owner: a stranger's token reads only the stranger's own. */
const SELF_SCOPED = new Set(['GET /api/v1/forms']);

const routes: Route[] = v1Routes.map(({ method, path }) => ({ method, path, key: `${method} ${path}` }));
const tokenRoutes = routes.filter((route) => !PUBLIC.has(route.key));
const writeRoutes = tokenRoutes.filter((route) => route.method !== 'GET');

let server: TestServer;
let owner: Person;
let contributor: Person;
let form: Form;
let image: FormImage;
let formImport: FormImport;
let strangerApi: TokenClient;
let ownerReadApi: TokenClient;
const marker = `secret-${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  server = await startTestServer();
  owner = await professionalOwner(server);
  form = await createForm(owner.user, { name: `Form ${marker}`, fields: CENSUS_FIELDS });
  contributor = await person(server, form);
  const [first] = await addImages(form, 2);
  if (!first) throw new Error('no image');
  image = first;
  formImport = await FormImport.query().insertAndFetch({
    formId: form.id,
    createdById: owner.user.id,
    kind: 'file',
    name: `${marker}.zip`,
    status: 'done',
  });
  const res = await contributor.client.post(`/api/forms/${form.id}/submissions`, {
    imageId: image.id,
    data: { name: marker },
  });
  expect(res.status).toBe(201);
  const stranger = await professionalOwner(server);
  await createForm(stranger.user, { name: 'Stranger’s own form' });
  strangerApi = tokenClient(server, await createToken(stranger, 'read_write'));
  ownerReadApi = tokenClient(server, await createToken(owner, 'read'));
});
afterAll(() => server.stop());

function fill(path: string): string {
  const id = path.startsWith('/api/v1/images/') ? image.id : form.id;
  return path.replace(':id', String(id)).replace(':importId', String(formImport.id));
}

/** Inputs valid for routes that check their input before their policy (else the answer is a 400). */
async function bodyFor(route: Route): Promise<unknown> {
  if (route.key === 'POST /api/v1/forms/:id/images') return fileForm(await makeJpeg());
  if (route.key === 'POST /api/v1/forms/:id/export') return { exportType: 'all', format: 'ndjson' };
  if (route.key === 'POST /api/v1/forms/:id/imports') return { iiifUrl: 'https://iiif.invalid/manifest.json' };
  return undefined;
}

/** Every row of the owner's form and below it, and the owner's account. */
async function ownersWorld(): Promise<string> {
  const tables = await server
    .knex('information_schema.columns')
    .where({ table_schema: 'public', column_name: 'form_id' })
    .pluck('table_name');
  const rows: Record<string, unknown> = {
    forms: await server.knex('forms').where({ id: form.id }),
    users: await server.knex('users').where({ id: owner.user.id }),
  };
  for (const table of [...tables].sort()) {
    const tableRows: unknown[] = await server.knex(table).where({ form_id: form.id });
    rows[table] = tableRows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(rows);
}

describe('every /api/v1 route', () => {
  it('the walk finds the API’s routes', () => {
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(10);
    expect(writeRoutes.length).toBeGreaterThanOrEqual(2);
  });

  it.each(tokenRoutes.filter((route) => !SELF_SCOPED.has(route.key)).map((route) => [route.key, route] as const))(
    '%s: another owner’s token gets 404 or 403 and changes nothing',
    async (_key, route) => {
      const before = await ownersWorld();
      const res = await strangerApi.request(route.method, fill(route.path), await bodyFor(route));
      expect([403, 404], `${res.status} ${res.text}`).toContain(res.status);
      expect(res.text).not.toContain(marker);
      expect(await ownersWorld()).toBe(before);
    },
  );

  it.each([...SELF_SCOPED].map((key) => [key, routes.find((route) => route.key === key)] as const))(
    '%s: another owner’s token reads only their own',
    async (_key, route) => {
      if (!route) throw new Error('listed but not mounted');
      const before = await ownersWorld();
      const res = await strangerApi.request(route.method, fill(route.path));
      expect(res.status).toBe(200);
      expect(res.text).toContain('Stranger’s own form');
      expect(res.text).not.toContain(marker);
      expect(await ownersWorld()).toBe(before);
    },
  );

  it.each(tokenRoutes.map((route) => [route.key, route] as const))('%s: no token gets 401', async (_key, route) => {
    const res = await server.client().request(route.method, fill(route.path), await bodyFor(route), { origin: null });
    expect(res.status).toBe(401);
  });

  it.each(writeRoutes.map((route) => [route.key, route] as const))(
    '%s: the owner’s read-only token gets 403 and changes nothing',
    async (_key, route) => {
      const before = await ownersWorld();
      const res = await ownerReadApi.request(route.method, fill(route.path), await bodyFor(route));
      expect(res.status, res.text).toBe(403);
      expect(await ownersWorld()).toBe(before);
    },
  );
});
