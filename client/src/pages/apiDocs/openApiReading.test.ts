import { describe, expect, it } from 'vitest';
import { readOperations, schemaTypeText } from './openApiReading.ts';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Formscribe API', version: '1', description: 'Tokens.' },
  paths: {
    '/api/v1/forms/{id}/images': {
      get: {
        summary: 'List a form’s images',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'cursor', in: 'query', required: false, schema: { type: 'string' } },
        ],
        responses: { 200: { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
      post: {
        summary: 'Upload an image',
        'x-token-scope': 'read_write',
        responses: { 201: { description: 'Stored' } },
      },
    },
    '/api/v1/openapi.json': {
      get: { summary: 'This document', security: [], responses: { 200: { description: 'OK' } } },
    },
  },
};

describe('readOperations', () => {
  it('lists every operation in document order with the token it needs', () => {
    const { title, operations } = readOperations(DOCUMENT);
    expect(title).toBe('Formscribe API v1');
    expect(operations.map((o) => [o.method, o.path, o.access])).toEqual([
      ['GET', '/api/v1/forms/{id}/images', 'read'],
      ['POST', '/api/v1/forms/{id}/images', 'read_write'],
      ['GET', '/api/v1/openapi.json', 'public'],
    ]);
    expect(operations[0]?.parameters.map((p) => [p.name, p.required])).toEqual([
      ['id', true],
      ['cursor', false],
    ]);
  });

  it('gives each operation its own anchor for the table of contents', () => {
    const { operations } = readOperations(DOCUMENT);
    expect(operations.map((o) => o.anchor)).toEqual([
      'get-api-v1-forms-id-images',
      'post-api-v1-forms-id-images',
      'get-api-v1-openapi-json',
    ]);
  });
});

describe('schemaTypeText', () => {
  it('says a schema’s type in a few words', () => {
    expect(schemaTypeText({ type: ['string', 'null'] })).toBe('string | null');
    expect(schemaTypeText({ type: 'array', items: { type: 'integer' } })).toBe('array of integer');
    expect(schemaTypeText({ enum: ['csv', 'ndjson'] })).toBe('"csv" | "ndjson"');
    expect(schemaTypeText({ anyOf: [{ type: 'string' }, { type: 'null' }] })).toBe('string | null');
    expect(schemaTypeText(undefined)).toBe('any');
  });
});
