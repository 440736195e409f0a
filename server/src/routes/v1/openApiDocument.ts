/**
 * The OpenAPI 3.1 document of /api/v1, generated from the operations declared with v1Route: their
 * parameters, bodies and answers are the very zod schemas (from common/) that validate requests
 * and type responses, turned into JSON Schema 2020-12 (the dialect OpenAPI 3.1 uses) by zod's
 * own z.toJSONSchema. Nothing here is written by hand per route, so the document cannot drift.
 */
import { API_TOKENS_PER_ACCOUNT } from '@formscribe/common/limits';
import { errorResponseSchema } from '@formscribe/common/schemas/common';
import type { OpenApiDocument } from '@formscribe/common/schemas/v1';
import { z } from 'zod';
import { type V1Operation, v1Operations } from './v1Router.ts';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  });
  return rest;
}

/** `/api/v1/forms/:id` → `/api/v1/forms/{id}`. */
export function openApiPath(koaPath: string): string {
  return koaPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: location,
      required: location === 'path' || (object.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

function requestBodyOf(operation: V1Operation) {
  if (operation.body) {
    return { required: true, content: { 'application/json': { schema: jsonSchema(operation.body, 'input') } } };
  }
  if (operation.upload) {
    const { field } = operation.upload;
    const schema = {
      type: 'object',
      properties: { [field]: { type: 'string', contentMediaType: 'application/octet-stream' } },
      required: [field],
    };
    return { required: true, content: { 'multipart/form-data': { schema } } };
  }
  return undefined;
}

const ERROR_REF = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } });

function responsesOf(operation: V1Operation) {
  const { status = 200, description = 'OK', schema, contentTypes = ['application/json'] } = operation.response;
  const content = Object.fromEntries(
    contentTypes.map((type) => [type, { schema: schema ? jsonSchema(schema, 'output') : { type: 'string' } }]),
  );
  const responses: Record<string, unknown> = { [status]: { description, content } };
  if (operation.method === 'get') responses[304] = { description: 'Not modified (If-None-Match matched the ETag)' };
  if (operation.params || operation.query || operation.body || operation.upload) {
    responses[400] = errorAnswer('The input is not valid; `issues` lists every problem');
  }
  if (operation.scope !== 'public') {
    responses[401] = errorAnswer('No token, or a token that is not valid or has expired');
    responses[402] = errorAnswer('The token’s owner is not on the Professional plan (the token is kept)');
    responses[403] = errorAnswer('Not allowed: a read-only token on a write, or a form the owner only contributes to');
    responses[404] = errorAnswer('Not found, or not the token owner’s to see');
    responses[429] = errorAnswer('Rate limit reached; see RateLimit-* and Retry-After');
  }
  return responses;
}

function operationObject(operation: V1Operation) {
  const requestBody = requestBodyOf(operation);
  return {
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    operationId: `${operation.method}${openApiPath(operation.path).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c?: string) => (c ? c.toUpperCase() : ''))}`,
    ...(operation.scope === 'public' ? { security: [] } : {}),
    ...(operation.scope === 'read_write' ? { 'x-token-scope': 'read_write' } : {}),
    parameters: [...parametersOf(operation.params, 'path'), ...parametersOf(operation.query, 'query')],
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(operation),
  };
}

let built: OpenApiDocument | undefined;

/** The document for every declared route (built once: the routes are fixed at startup). */
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of v1Operations) {
    const path = openApiPath(operation.path);
    paths[path] = { ...paths[path], [operation.method]: operationObject(operation) };
  }
  built = {
    openapi: '3.1.0',
    info: {
      title: 'Formscribe API',
      version: '1',
      description:
        'Personal access tokens (profile page, Professional plan) authenticate with `Authorization: Bearer <token>`. ' +
        `An account holds up to ${API_TOKENS_PER_ACCOUNT} tokens, and a new password (changed or reset) revokes them all. ` +
        'Read tokens may call GET routes; writes need a read-and-write token. Lists are cursor pages: pass `nextCursor` ' +
        'back as `cursor`. Every answer carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'A personal access token' } },
      schemas: { Error: jsonSchema(errorResponseSchema, 'output') },
    },
    paths,
  };
  return built;
}
