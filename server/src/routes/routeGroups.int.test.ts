/**
 * How the API answers a path it knows with a method it does not, a path in any letter case, and a
 * path it does not know: the same whichever router a route lives in (routes are matched by group,
 * routeGroups.ts).
 */
import { MESSAGES } from '@formscribe/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createForm, createUser, signIn } from '../test/factories.ts';
import { startTestServer, type TestServer } from '../test/testServer.ts';
import { routeGroupOf } from './routeGroups.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const allowed = (header: string | null) => new Set((header ?? '').split(',').map((method) => method.trim()));

describe('routing', () => {
  it('answers a known path with another method 405, its Allow listing every method the path has', async () => {
    const client = server.client();
    const health = await client.put('/api/health', {});
    expect(health.status).toBe(405);
    expect(allowed(health.headers.get('allow'))).toEqual(new Set(['HEAD', 'GET']));

    const forms = await client.delete('/api/forms');
    expect(forms.status).toBe(405);
    expect(allowed(forms.headers.get('allow'))).toEqual(new Set(['HEAD', 'GET', 'POST']));
  });

  it('answers OPTIONS with the allowed methods, and a method no route has 501', async () => {
    const options = await fetch(`${server.url}/api/forms/1`, { method: 'OPTIONS' });
    expect(options.status).toBe(200);
    expect(allowed(options.headers.get('allow'))).toEqual(new Set(['HEAD', 'GET', 'PATCH', 'DELETE']));
    expect((await fetch(`${server.url}/api/forms/1`, { method: 'PROPFIND' })).status).toBe(501);
  });

  it('matches paths in any letter case and with a trailing slash, as before', async () => {
    const owner = await createUser();
    const form = await createForm(owner, { name: 'Parish register' });
    const client = server.client();
    await signIn(client, owner);
    expect((await client.get('/API/Health')).status).toBe(200);
    const res = await client.get<{ name: string }>(`/Api/FORMS/${form.id}/`);
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Parish register');
  });

  it('answers an unknown API path 404 with a JSON message, known group or not', async () => {
    const client = server.client();
    for (const path of ['/api/no-such-thing', '/api/forms/1/no-such-thing', '/api/', '/api//forms']) {
      const res = await client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toEqual({ message: MESSAGES.notFound });
    }
  });
});

describe('routeGroupOf', () => {
  it('is the segment after /api/, lower-cased, and nothing outside /api/', () => {
    expect(routeGroupOf('/api/forms/12/images')).toBe('forms');
    expect(routeGroupOf('/API/Health')).toBe('health');
    expect(routeGroupOf('/api/login')).toBe('login');
    expect(routeGroupOf('/api/')).toBe('');
    expect(routeGroupOf('/assets/app.js')).toBeUndefined();
    expect(routeGroupOf('/apix/forms')).toBeUndefined();
  });
});
