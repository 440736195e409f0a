/**
 * The lookup finds a fixed path by one map lookup (routeLookup.ts, exactPaths): these prove the
 * map answers what the ordered search answers, including when an earlier route with a parameter
 * takes the fixed path, and for other spellings of it (letter case, a trailing slash, HEAD).
 */
import { describe, expect, it } from 'vitest';
import type { DeclaredRoute } from './declareRoute.ts';
import { routeLookup } from './routeLookup.ts';

const declared = (method: 'get' | 'post', path: string): DeclaredRoute => ({
  contract: { method, path },
  access: { public: 'test' },
});

describe('route lookup', () => {
  it('finds a fixed path and its other spellings, HEAD by its GET route', () => {
    const health = declared('get', '/api/health');
    const lookup = routeLookup([health, declared('get', '/api/forms/{id}')]);
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['HEAD', '/api/health'],
      ['GET', '/API/Health'],
      ['GET', '/api/health/'],
    ] as const) {
      expect(lookup.find(method, path)).toMatchObject({ contract: health.contract, params: {} });
    }
    expect(lookup.find('POST', '/api/health')).toBeUndefined();
    expect(lookup.find('GET', '/api/healthz')).toBeUndefined();
  });

  it('gives a fixed path to an earlier route whose parameter takes it, as the ordered search does', () => {
    const byId = declared('get', '/api/forms/{id}');
    const fixedAfter = declared('get', '/api/forms/import-codebook');
    const fixedPost = declared('post', '/api/forms/import-codebook');
    const lookup = routeLookup([byId, fixedAfter, fixedPost]);
    expect(lookup.find('GET', '/api/forms/import-codebook')).toMatchObject({
      contract: byId.contract,
      params: { id: 'import-codebook' },
    });
    // Another method has no earlier route taking the path: its own route answers.
    expect(lookup.find('POST', '/api/forms/import-codebook')).toMatchObject({ contract: fixedPost.contract });
  });

  it('still finds routes with parameters, decoded', () => {
    const lookup = routeLookup([declared('get', '/api/forms/{id}/images/{imageId}')]);
    expect(lookup.find('GET', '/api/forms/7/images/a%20b')?.params).toEqual({ id: '7', imageId: 'a b' });
  });
});
