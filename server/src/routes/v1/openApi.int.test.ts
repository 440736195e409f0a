/**
 * The OpenAPI document is complete and true: every route on the /api/v1 router (walked from its
 * stack, not listed here) is in it with its method, and real answers of every route validate
 * against the JSON Schema the document gives for them — read back with zod's JSON Schema reader,
 * so extra keys, missing keys and wrong types all fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Form, FormImport } from '../../models/index.ts';
import { addImages, CENSUS_FIELDS, person } from '../../test/entryFixtures.ts';
import { createForm } from '../../test/factories.ts';
import { makeJpeg } from '../../test/fixtures/imageFixtures.ts';
import { fileForm } from '../../test/imageFactories.ts';
import type { TestResponse } from '../../test/testClient.ts';
import { startTestServer, type TestServer } from '../../test/testServer.ts';
import { createToken, professionalOwner, type TokenClient, tokenClient } from '../../test/v1Fixtures.ts';
import { v1Routes } from './index.ts';
import { openApiPath } from './openApiDocument.ts';

type JsonSchema = Record<string, unknown>;
interface MediaType {
  schema: JsonSchema;
}
interface Operation {
  parameters: { name: string; in: string }[];
  responses: Record<string, { content?: Record<string, MediaType> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

let server: TestServer;
let api: TokenClient;
let form: Form;
let imageId: number;
let importId: number;
let doc: Document;

beforeAll(async () => {
  server = await startTestServer();
  const owner = await professionalOwner(server);
  form = await createForm(owner.user, { name: 'Documented', fields: CENSUS_FIELDS });
  api = tokenClient(server, await createToken(owner, 'read_write'));
  const uploaded = await api.post<{ id: number }>(`/api/v1/forms/${form.id}/images`, fileForm(await makeJpeg()));
  imageId = uploaded.body.id;
  const [other] = await addImages(form, 2);
  const contributor = await person(server, form);
  await contributor.client.post(`/api/forms/${form.id}/submissions`, { imageId: other?.id, data: { name: 'Ada' } });
  importId = (
    await FormImport.query().insertAndFetch({ formId: form.id, kind: 'file', name: 'scans.zip', status: 'done' })
  ).id;
  const res = await server.client().get<Document>('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = res.body;
});
afterAll(() => server.stop());

const routes = v1Routes;

/** Resolves the document's own `#/components/schemas/...` references before reading a schema. */
function resolved(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const target = doc.components.schemas[ref.replace('#/components/schemas/', '')];
  if (!target) throw new Error(`dangling ${ref}`);
  return target;
}

function documentedSchema(method: string, path: string, status: number, contentType: string) {
  const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
  const media = operation?.responses[String(status)]?.content?.[contentType];
  if (!media) throw new Error(`${method} ${path}: no ${status} ${contentType} documented`);
  return z.fromJSONSchema(resolved(media.schema) as Parameters<typeof z.fromJSONSchema>[0]);
}

function expectDocumented(method: string, path: string, res: TestResponse) {
  const contentType = (res.headers.get('content-type') ?? '').split(';')[0] ?? '';
  const operation = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
  const media = operation?.responses[String(res.status)]?.content;
  expect(Object.keys(media ?? {}), `${method} ${path} ${res.status}`).toContain(contentType);
  if (contentType === 'application/json') {
    const parsed = documentedSchema(method, path, res.status, contentType).safeParse(res.body);
    expect(parsed.error?.issues ?? [], `${method} ${path}`).toEqual([]);
  }
}

/** A real call of each route, as documented: path filled, a valid body where it takes one. */
function call(method: string, path: string): Promise<TestResponse> {
  const filled = path
    .replace(':id', String(path.startsWith('/api/v1/images/') ? imageId : form.id))
    .replace(':importId', String(importId));
  if (path === '/api/v1/forms/:id/imports' && method === 'POST') {
    return api.post(filled, { iiifUrl: 'https://iiif.invalid/manifest.json' });
  }
  if (path === '/api/v1/forms/:id/images' && method === 'POST') {
    return makeJpeg().then((jpeg) => api.post(filled, fileForm(jpeg)));
  }
  if (path === '/api/v1/forms/:id/catalogue') {
    return api.post(filled, fileForm(Buffer.from('fileName,box\nscan.jpg,1\n'), 'catalogue.csv', 'file', 'text/csv'));
  }
  if (path === '/api/v1/forms/:id/export') return api.post(filled, { exportType: 'all', format: 'ndjson' });
  return api.request(method, filled);
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document anyone may read', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes the resumable upload endpoint, which its own router serves', () => {
    const uploads = doc.paths['/api/v1/forms/{id}/uploads']?.post;
    expect(uploads?.responses['201']).toBeDefined();
    const chunk = doc.paths['/api/v1/forms/{id}/uploads/{uploadId}']?.patch;
    expect(JSON.stringify(chunk)).toContain('Import-Id');
  });

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s is documented, with its path parameters',
    (_key, route) => {
      const operation = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation).toBeDefined();
      const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const documented = operation?.parameters.filter((p) => p.in === 'path').map((p) => p.name);
      expect(documented).toEqual(pathParams);
    },
  );

  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers as documented',
    async (_key, route) => {
      const res = await call(route.method, route.path);
      expect(res.status, res.text).toBeLessThan(300);
      expectDocumented(route.method, route.path, res);
    },
  );

  it('documents error answers too: a missing token’s 401 matches the Error schema', async () => {
    const res = await server.client().get(`/api/v1/forms/${form.id}`);
    expect(res.status).toBe(401);
    expectDocumented('GET', '/api/v1/forms/:id', res);
  });
});
